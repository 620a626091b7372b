import { int, oneOf, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The options screen's tab and the open tab's filters and page, kept in the URL. */
export const OPTION_TABS = ['limits', 'tracking', 'depots'] as const;
export type OptionTab = (typeof OPTION_TABS)[number];

export const optionsSearch = searchSchema({
  tab: oneOf(OPTION_TABS),
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  carrierId: int(1, 2_147_483_647),
  region: text(100),
  keyword: text(100),
  status: int(1, 2),
});
export type OptionsSearch = SearchOf<typeof optionsSearch>;
