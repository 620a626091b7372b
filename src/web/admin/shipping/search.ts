import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The channel list keeps its filters and page in the URL; a value that does not parse is dropped. */
export const channelSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  code: text(32),
  name: text(100),
  status: int(1, 2),
  carrierId: int(1, 2_147_483_647),
  serviceType: int(0, 6),
  segment: int(1, 4),
});
export type ChannelSearch = SearchOf<typeof channelSearch>;

/** The channel editor: `recId` edits that channel, none creates one. */
export const channelEditSearch = searchSchema({ recId: int(1, 2_147_483_647) });
export type ChannelEditSearch = SearchOf<typeof channelEditSearch>;

export const CHANNEL_LIST_PATH = '/admin/options/editChannel';
export const CHANNEL_EDIT_PATH = '/admin/options/edit';
