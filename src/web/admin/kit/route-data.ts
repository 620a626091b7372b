import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { lazyRouteComponent, notFound } from '@tanstack/react-router';
import type { MenuItem } from '../../../shared/contract/system.ts';
import { isApiError } from '../../api/errors.ts';
import { i18n } from '../../i18n.ts';
import { LostPage } from '../../ui/status-page.tsx';
import {
  type ListSearch,
  type ListSpec,
  listRequest,
  type PageData,
  type PageRequest,
} from './use-list-screen.ts';

/** A record's id from a route's path, or undefined for one that is not a positive integer. */
export function recordId(id: string): number | undefined {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Why the router runs a loader: hovering a link, opening the route, or a change within it. */
export type LoadCause = 'preload' | 'enter' | 'stay';

// biome-ignore lint/suspicious/noExplicitAny: a query's options of any data and key
type AnyQueryOptions = UseQueryOptions<any, Error, any, any>;

/** What a loader knows of the caller: the page's language and the permission keys it holds. */
export interface LoadAs {
  locale: string;
  /** Whether the caller holds a permission key (as `useCan`), e.g. the tab a screen opens on. */
  can: (key: string) => boolean;
}

/**
 * Who the loader of a desk page loads for, or undefined when it may not call the server: the
 * account's menus must hold the page's entry (the layout's ScreenGate rule, which shows the 403
 * page instead), so no call is made that the server would refuse. Without menus to judge by
 * (offline with none saved, their call failed) nothing is loaded and the page asks by itself.
 */
export async function loadAs(queryClient: QueryClient, fullPath: string): Promise<LoadAs | undefined> {
  const locale = i18n.locale;
  // Imported here, not at the top: the route tree (every device's start-up, the PDA's too)
  // imports this file, and these modules bring the desk's query factories with them.
  const [{ systemQueries }, { authListOf }, { mayOpenScreen, screenOf }] = await Promise.all([
    import('../../api/queries/system.ts'),
    import('../../session/permissions.ts'),
    import('../../session/screen-access.ts'),
  ]);
  let menus: MenuItem[];
  try {
    menus = await queryClient.ensureQueryData(systemQueries.userMenus(locale));
  } catch {
    return undefined;
  }
  if (screenOf(fullPath) !== undefined && !mayOpenScreen(menus, fullPath)) return undefined;
  const keys = authListOf(menus);
  return { locale, can: (key) => keys.has(key) };
}

/**
 * A desk page's data before it renders. Opening the page (or hovering a link to it) waits for
 * the query, so the page's first paint has its data; a change within the page (another page of
 * the list, a sort, a filter) only starts the call, so the list keeps its rows and its spinner
 * (the factories' `keepPreviousData`) instead of the router's pending view. The server's 404 is
 * the route's not-found page; a refused call, a lost connection or being offline leaves the page
 * to show what it shows without a loader. With `missing: 'page'` the 404 is left to the page too,
 * for a page that says itself what is missing (a report's period) inside the desk's layout.
 * A page reading more than one query first (a record and what names it) gets them all, each
 * judged alone: one refused leaves the others loaded.
 */
export async function loadScreenData(
  queryClient: QueryClient,
  fullPath: string,
  optionsFor: (as: LoadAs) => AnyQueryOptions | readonly AnyQueryOptions[] | undefined,
  cause: LoadCause,
  missing: 'notFound' | 'page' = 'notFound',
): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const as = await loadAs(queryClient, fullPath);
  const options = as && optionsFor(as);
  if (!options) return;
  const all: readonly AnyQueryOptions[] = Array.isArray(options) ? options : [options];
  if (cause === 'stay') {
    for (const o of all) void queryClient.prefetchQuery(o);
    return;
  }
  await Promise.all(all.map((o) => ensureData(queryClient, o, missing)));
}

async function ensureData(queryClient: QueryClient, options: AnyQueryOptions, missing: 'notFound' | 'page') {
  try {
    await queryClient.ensureQueryData(options);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'response' && error.status === 404 && missing === 'notFound') throw notFound();
    if (error.kind === 'response' && error.status === 404) return;
    if (error.kind === 'network' || error.status === 401 || error.status === 403) return;
    throw error;
  }
}

/**
 * What the desk shows while a page's loader runs (after the router's pendingMs): the layout's
 * spinner, as ScreenGate's. Loaded with the page's code, not the route tree's, so that Ant Design
 * stays out of the entry chunk the PDA loads too.
 */
const RoutePending = lazyRouteComponent(() => import('./route-pending.tsx'), 'RoutePending');

/** What the desk shows when a page's loader or its suspense query fails (kit/route-error.tsx). */
const RouteError = lazyRouteComponent(() => import('./route-error.tsx'), 'RouteError');

/** The pending and error components every desk route with data shares. */
export const routeViews = { pendingComponent: RoutePending, errorComponent: RouteError } as const;

interface LoaderArgs<Deps, P = unknown> {
  context: { queryClient: QueryClient };
  deps: Deps;
  params: P;
  cause: LoadCause;
  route: { fullPath: string };
}

/**
 * A desk route's data options, spread into `createFileRoute(...)({ validateSearch, ...screenData })`:
 * `loaderDeps` picks from the validated search what the data depends on (so opening a drawer does
 * not load again), and `loader` loads the query the screen reads, built by the same factory.
 */
export function screenData<S, Deps, P = unknown>({
  deps,
  query,
}: {
  deps: (search: S) => Deps;
  /**
   * The query the screen reads first (or the few it reads at once), or undefined when there is none
   * the caller may ask for; a route of a record by id with a paged part (a bill's orders) also
   * gets the path's params.
   */
  query: (deps: Deps, as: LoadAs, params: P) => AnyQueryOptions | readonly AnyQueryOptions[] | undefined;
}) {
  return {
    loaderDeps: ({ search }: { search: S }) => deps(search),
    // A screen read by search (and a report's period by id) shows its own "missing" state.
    loader: ({ context, deps: d, params, cause, route }: LoaderArgs<Deps, P>) =>
      loadScreenData(context.queryClient, route.fullPath, (as) => query(d, as, params), cause, 'page'),
    ...routeViews,
  };
}

/** A list route's loader over its list's spec: the page of the URL, before the screen renders. */
export function listData<
  S extends ListSearch,
  F extends object,
  D extends PageData,
  QK extends QueryKey,
  K extends string,
>(spec: ListSpec<S, F, D, QK, K>) {
  return screenData<S, F & PageRequest<K>>({
    deps: (search) => listRequest(spec, search),
    query: (request, as) => spec.query(request, as.locale),
  });
}

/** A tab of a screen of several lists: its spec and the permission key that shows it. */
// biome-ignore lint/suspicious/noExplicitAny: a list spec of any search, filters, data and sort
export type ListTab<S extends ListSearch> = { spec: ListSpec<S, any, any, any, any>; permission: string };

/**
 * The loader of a screen of several lists, one tab each (PermissionTabs): the list of the open tab,
 * chosen as the tabs choose it (the URL's tab when the caller may read it, else the first one).
 */
export function tabbedListData<S extends ListSearch, T extends string>(
  tabOf: (search: S) => T | undefined,
  tabs: Record<T, ListTab<S>>,
) {
  const keys = Object.keys(tabs) as T[];
  return screenData<S, { tab: T | undefined; requests: Record<T, unknown> }>({
    deps: (search) => ({
      tab: tabOf(search),
      requests: Object.fromEntries(keys.map((k) => [k, listRequest(tabs[k].spec, search)])) as Record<
        T,
        unknown
      >,
    }),
    query: ({ tab, requests }, as) => {
      const allowed = keys.filter((k) => as.can(tabs[k].permission));
      const open = tab !== undefined && allowed.includes(tab) ? tab : allowed[0];
      return open === undefined ? undefined : tabs[open].spec.query(requests[open], as.locale);
    },
  });
}

/**
 * A detail route's loader: its record, by the same options the page reads it with (undefined for
 * an id the page refuses itself); the server's 404 shows the desk's not-found page.
 */
export function detailData<P>(query: (params: P, as: LoadAs) => AnyQueryOptions | undefined) {
  return {
    loader: ({ context, params, cause, route }: Omit<LoaderArgs<unknown, P>, 'deps'>) =>
      loadScreenData(context.queryClient, route.fullPath, (as) => query(params, as), cause),
    ...routeViews,
    notFoundComponent: LostPage,
  };
}
