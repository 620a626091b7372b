import { int, type SearchOf, searchSchema, text } from '../../ui/search-params.ts';
import { deskQueries } from '../kit/desk-queries.ts';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const systemModule = deskQueries(() => import('../../api/queries/system.ts'));

/**
 * The list screens keep their filters and page in the URL, so a reload or a shared link shows the
 * same list. A value that does not parse is dropped rather than failing the page.
 */
const page = int(1, 1_000_000);
const pageSize = int(1, 100);
const name = text(64);

export const accountSearch = searchSchema({
  pageNo: page,
  pageSize,
  username: name,
  type: int(1, 4),
  status: int(1, 2),
  customerId: int(1, Number.MAX_SAFE_INTEGER),
});
export type AccountSearch = SearchOf<typeof accountSearch>;

export const roleSearch = searchSchema({ pageNo: page, pageSize, name });
export type RoleSearch = SearchOf<typeof roleSearch>;

export const menuSearch = searchSchema({ name, type: int(1, 3) });
export type MenuSearch = SearchOf<typeof menuSearch>;

const roleRequest = (s: RoleSearch) => ({
  ...compact({ name: s.name }),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The roles: the request from the URL, read by the screen and loaded by its route. */
export const roleList = {
  deps: roleRequest,
  query: (body: ReturnType<typeof roleRequest>) => systemModule().systemListQueries.roles(body),
};

const accountRequest = (s: AccountSearch) => ({
  ...compact({ username: s.username, type: s.type, status: s.status, customerId: s.customerId }),
  pageNo: s.pageNo ?? 1,
  pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** The accounts: the request from the URL, read by the screen and loaded by its route. */
export const accountList = {
  deps: accountRequest,
  query: (body: ReturnType<typeof accountRequest>) => systemModule().systemListQueries.users(body),
};
