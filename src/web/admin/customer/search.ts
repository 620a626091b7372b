import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const customerModule = deskQueries(() => import('../../api/queries/customer.ts'));

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

const customerRequest = (s: CustomerSearch) => ({
  ...compact({ code: s.code, name: s.name, status: s.status, signingCompanyId: s.signingCompanyId }),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The customers: the request from the URL, read by the screen and loaded by its route. */
export const customerList = {
  deps: customerRequest,
  query: (body: ReturnType<typeof customerRequest>) => customerModule().customerQueries.list(body),
};
