import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import { USER_MENUS_KEY } from './queries/menu-keys.ts';
import { pdaQueries } from './queries/pda.ts';

/**
 * The answers kept across reloads, so the shell opens offline with what the last visit saw: the
 * user's menus (the side menu and the authorization list), and what the PDA scans against (its
 * open bills and the numbers in them). Everything else is asked again.
 *
 * Written with react-query's own dehydrate/hydrate: the persist-client packages in package.json
 * bring their own copies of query-core, in other versions than react-query's.
 */
/** Key prefixes: the menus in every language; the PDA's bills. */
const PERSISTED: readonly (readonly unknown[])[] = [USER_MENUS_KEY, pdaQueries.all()];

export const STORAGE_KEY = 'query-cache';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 500;
/** Raise when the shape of a persisted answer changes: older saves are then ignored (2: a PDA bill's line in parts). */
const VERSION = 2;

interface Saved {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

const startsWith = (prefix: readonly unknown[], key: readonly unknown[]) =>
  JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

export const isPersisted = (query: Pick<Query, 'queryKey' | 'state'>): boolean =>
  query.state.status === 'success' && PERSISTED.some((prefix) => startsWith(prefix, query.queryKey));

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Puts the saved answers (when recent and of this version) into the client. */
export function restoreQueries(queryClient: QueryClient, storage = localStore(), now = Date.now()): void {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as Saved;
    if (saved.version !== VERSION || !(now - saved.savedAt < MAX_AGE_MS)) {
      storage?.removeItem(STORAGE_KEY);
      return;
    }
    hydrate(queryClient, saved.state);
  } catch {
    // Unreadable: the server is asked again.
  }
}

/**
 * A cache event that changes what is persisted: a persisted query's new answer, or a persisted
 * query gone (a logout clears the cache). Observers coming, going and re-rendering (each render of
 * a screen hands useQuery new options) change nothing saved: on a scan screen they came with every
 * scan, and each save serialises every bill's numbers.
 */
const changesSaved = (event: QueryCacheNotifyEvent): boolean =>
  (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) &&
  isPersisted(event.query);

/** Writes the persisted answers whenever they change (at most every half second). */
export function saveQueries(queryClient: QueryClient, storage = localStore()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isPersisted });
    try {
      if (state.queries.length === 0) storage?.removeItem(STORAGE_KEY);
      else storage?.setItem(STORAGE_KEY, JSON.stringify({ version: VERSION, savedAt: Date.now(), state }));
    } catch {
      // Storage full or denied: the next visit asks the server again.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (changesSaved(event)) timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  // A reload within the delay must not lose the last answers.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  globalThis.addEventListener?.('pagehide', flush);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', flush);
    if (timer) clearTimeout(timer);
  };
}

export function persistQueries(queryClient: QueryClient): void {
  restoreQueries(queryClient);
  saveQueries(queryClient);
}
