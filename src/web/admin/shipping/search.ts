import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const shippingModule = deskQueries(() => import('../../api/queries/shipping.ts'));

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

/** The list's filters among the URL's values (the filter form's values too). */
export const channelFiltersOf = (s: ChannelSearch) =>
  compact({
    code: s.code,
    name: s.name,
    status: s.status,
    carrierId: s.carrierId,
    serviceType: s.serviceType,
    segment: s.segment,
  });

const channelRequest = (s: ChannelSearch) => ({
  ...channelFiltersOf(s),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The channels: the request from the URL, read by the screen and loaded by its route. */
export const channelList = {
  deps: channelRequest,
  query: (body: ReturnType<typeof channelRequest>, { locale }: { locale: string }) =>
    shippingModule().shippingQueries.list(locale, body),
};

/** The channel editor: `recId` edits that channel, none creates one. */
export const channelEditSearch = searchSchema({ recId: int(1, 2_147_483_647) });
export type ChannelEditSearch = SearchOf<typeof channelEditSearch>;

export const CHANNEL_LIST_PATH = '/admin/options/editChannel';
export const CHANNEL_EDIT_PATH = '/admin/options/edit';
