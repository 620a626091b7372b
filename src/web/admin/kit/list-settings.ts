import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../session/store.ts';

/** The table's row height: antd's small, middle and large sizes. */
export const DENSITIES = ['small', 'middle', 'large'] as const;
export type Density = (typeof DENSITIES)[number];

/**
 * How a person keeps one list: the columns hidden, the columns' order, the density, and whether
 * the filters beyond the most used are open. Kept per user in the browser, so a reload (and the
 * next session of the same person on this desk) shows the list as they left it.
 */
export interface ListSettings {
  hidden?: string[] | undefined;
  order?: string[] | undefined;
  density?: Density | undefined;
  filtersOpen?: boolean | undefined;
}

const PREFIX = 'desk.list';
const keyOf = (userId: number | undefined, list: string) => `${PREFIX}.${userId ?? 0}.${list}`;

const EMPTY: ListSettings = Object.freeze({});
const cache = new Map<string, { raw: string | null; value: ListSettings }>();
const listeners = new Set<() => void>();

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string').slice(0, 100) : undefined;

/** What was stored, keeping only what is well-formed (another version may have written it). */
function parse(raw: string | null): ListSettings {
  if (!raw) return EMPTY;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    return {
      hidden: strings(v.hidden),
      order: strings(v.order),
      density: DENSITIES.includes(v.density as Density) ? (v.density as Density) : undefined,
      filtersOpen: typeof v.filtersOpen === 'boolean' ? v.filtersOpen : undefined,
    };
  } catch {
    return EMPTY;
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readListSettings(key: string): ListSettings {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    // Storage denied: the defaults.
  }
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.value;
  const value = parse(raw);
  cache.set(key, { raw, value });
  return value;
}

export function writeListSettings(key: string, next: ListSettings): void {
  const raw = JSON.stringify(next);
  try {
    storage()?.setItem(key, raw);
  } catch {
    // Storage full or denied: kept for this page only.
  }
  cache.set(key, { raw, value: next });
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One list's settings for the signed-in person, and a way to change some of them. */
export function useListSettings(list: string): [ListSettings, (change: Partial<ListSettings>) => void] {
  const userId = useSession()?.user.recId;
  const key = keyOf(userId, list);
  const settings = useSyncExternalStore(
    subscribe,
    () => readListSettings(key),
    () => EMPTY,
  );
  const update = useCallback(
    (change: Partial<ListSettings>) => writeListSettings(key, { ...readListSettings(key), ...change }),
    [key],
  );
  return [settings, update];
}
