import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { USER_MENUS_KEY } from './queries/menu-keys.ts';
import { pdaQueries } from './queries/pda.ts';

/**
 * The answers kept across reloads, so the shell opens offline with what the last visit saw: the
 * user's menus (the side menu and the authorization list), and what the PDA scans against (its
 * open bills and the numbers in them). Everything else is asked again.
 *
 * TanStack's persister does it (react-query-persist-client with query-sync-storage-persister, one
 * query-core through package.json's overrides); this file only says what is kept, for how long,
 * and adds what the library leaves out: an empty save removes the key, so a logout leaves nothing,
 * and a page going away writes at once instead of after the throttle.
 */
/** Key prefixes: the menus in every language; the PDA's bills. */
const PERSISTED: readonly (readonly unknown[])[] = [USER_MENUS_KEY, pdaQueries.all()];

export const STORAGE_KEY = 'query-cache';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 500;
/**
 * The buster: raise when the shape of a persisted answer changes, and older saves are then dropped
 * (2: a PDA bill's line in parts). Not the build: a PDA updated while offline keeps its bills.
 */
export const BUSTER = 'v2';

const startsWith = (prefix: readonly unknown[], key: readonly unknown[]) =>
  JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix);

export const isPersisted = (query: Pick<Query, 'queryKey' | 'state'>): boolean =>
  query.state.status === 'success' && PERSISTED.some((prefix) => startsWith(prefix, query.queryKey));

/** What the sync persister needs of a storage (its own `Storage` type is not exported). */
type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** A save with no answer in it is written as '' and removes the key instead. */
const serialize = (client: PersistedClient): string =>
  client.clientState.queries.length === 0 ? '' : JSON.stringify(client);

const emptyRemoves = (storage: SyncStorage): SyncStorage => ({
  getItem: (key) => storage.getItem(key),
  setItem: (key, value) => (value ? storage.setItem(key, value) : storage.removeItem(key)),
  removeItem: (key) => storage.removeItem(key),
});

/** The library's options: the sync persister on `storage`, the persisted queries, the age, the buster. */
export function persistOptions(
  queryClient: QueryClient,
  storage: SyncStorage | undefined,
): PersistQueryClientOptions & { persister: Persister } {
  return {
    queryClient,
    persister: createSyncStoragePersister({
      storage: storage && emptyRemoves(storage),
      key: STORAGE_KEY,
      throttleTime: SAVE_DELAY_MS,
      serialize,
    }),
    maxAge: MAX_AGE_MS,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isPersisted, shouldDehydrateMutation: () => false },
  };
}

/**
 * Puts the saved answers (when recent and of this buster) into the client, then writes them
 * whenever the cache changes (at most every half second, and at once when the page goes away).
 * An unreadable save is dropped and the server asked again; persisting goes on all the same.
 */
export async function persistQueries(
  queryClient: QueryClient,
  storage: SyncStorage | undefined = localStore(),
): Promise<() => void> {
  const options = persistOptions(queryClient, storage);
  await persistQueryClientRestore(options).catch(() => undefined);
  const unsubscribe = persistQueryClientSubscribe(options);
  // The library's throttle has no flush: a reload within the delay must not lose the last answers.
  const flush = () => {
    if (!storage) return;
    const clientState = dehydrate(queryClient, options.dehydrateOptions);
    try {
      emptyRemoves(storage).setItem(
        STORAGE_KEY,
        serialize({ buster: BUSTER, timestamp: Date.now(), clientState }),
      );
    } catch {
      // Storage full or denied: the next visit asks the server again.
    }
  };
  globalThis.addEventListener?.('pagehide', flush);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', flush);
  };
}
