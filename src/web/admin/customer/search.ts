import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';

/** The customer list keeps its filters, page and open properties or sub-accounts drawer in the URL. */
export const customerSearch = searchSchema({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  code: text(20),
  name: text(100),
  status: int(1, 2),
  signingCompanyId: int(1, 2_147_483_647),
  /** The customer whose properties are open. */
  properties: int(1, 2_147_483_647),
  /** The customer whose sub-accounts are open. */
  subAccounts: int(1, 2_147_483_647),
});
export type CustomerSearch = SearchOf<typeof customerSearch>;
