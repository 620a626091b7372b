import { useCallback, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../../session/store.ts';
import type { ScanSound } from './scan-sounds.ts';

/** One scan of this session, as the scan box's log shows it. */
export interface ScanLogEntry {
  id: string;
  /** ISO time of the answer. */
  at: string;
  /** The number as scanned (trimmed). */
  code: string;
  accepted: boolean;
  sound: ScanSound;
  /** The server's answer: what was done, or why it was refused. */
  message: string;
  /** What else the screen wants kept with the scan (the channel, the carrier's number). */
  detail?: string;
}

/** The newest scans a log keeps; older ones drop off the end. */
export const SCAN_LOG_LIMIT = 500;

const PREFIX = 'scan-log:';
const EMPTY: readonly ScanLogEntry[] = [];

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The storage key of a log: the signed-in user's, per screen and bill (`lading:12`). */
export const scanLogStorageKey = (logKey: string): string =>
  `${PREFIX}${getSession()?.user.username ?? ''}:${logKey}`;

const isEntry = (v: unknown): v is ScanLogEntry => {
  const e = v as ScanLogEntry;
  return (
    !!e &&
    typeof e.id === 'string' &&
    typeof e.at === 'string' &&
    typeof e.code === 'string' &&
    typeof e.accepted === 'boolean' &&
    typeof e.sound === 'string' &&
    typeof e.message === 'string'
  );
};

const cache = new Map<string, readonly ScanLogEntry[]>();
const listeners = new Set<() => void>();

function read(key: string): readonly ScanLogEntry[] {
  const held = cache.get(key);
  if (held) return held;
  let entries: readonly ScanLogEntry[] = EMPTY;
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
    if (Array.isArray(value)) entries = value.filter(isEntry);
  } catch {
    // A damaged log starts again empty.
  }
  cache.set(key, entries);
  return entries;
}

function write(key: string, entries: readonly ScanLogEntry[]): void {
  cache.set(key, entries);
  try {
    if (entries.length) storage()?.setItem(key, JSON.stringify(entries));
    else storage()?.removeItem(key);
  } catch {
    // Storage full or denied: the log still holds until the page is left.
  }
  for (const listener of listeners) listener();
}

/**
 * The session logs of the desk's scan boxes: every scan, newest first, kept in session storage (a
 * reload, leaving the screen and coming back keep it; another browser tab has its own) under the
 * user, the screen and the bill. Logging out clears them all.
 */
export const scanLogStore = {
  get: read,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  add(key: string, entry: ScanLogEntry): void {
    write(key, [entry, ...read(key)].slice(0, SCAN_LOG_LIMIT));
  },
  clear(key: string): void {
    write(key, EMPTY);
  },
  /** Logout: every user's logs go. */
  clearAll(): void {
    const store = storage();
    const keys = new Set(cache.keys());
    try {
      for (let i = 0; store && i < store.length; i++) {
        const key = store.key(i);
        if (key?.startsWith(PREFIX)) keys.add(key);
      }
      for (const key of keys) store?.removeItem(key);
    } catch {
      // Nothing stored to clear.
    }
    cache.clear();
    for (const listener of listeners) listener();
  },
};

subscribeSession((session) => {
  if (!session) scanLogStore.clearAll();
});

/** How many scans of a log were accepted and refused. */
export function scanCounts(entries: readonly ScanLogEntry[]): { accepted: number; refused: number } {
  const accepted = entries.filter((e) => e.accepted).length;
  return { accepted, refused: entries.length - accepted };
}

let sequence = 0;

/** A log's entries with the means to add one and to clear them. */
export function useScanLog(logKey: string) {
  const key = scanLogStorageKey(logKey);
  const entries = useSyncExternalStore(
    scanLogStore.subscribe,
    () => read(key),
    () => read(key),
  );
  const add = useCallback(
    (entry: Omit<ScanLogEntry, 'id' | 'at'>) =>
      scanLogStore.add(key, { id: `${Date.now()}-${++sequence}`, at: new Date().toISOString(), ...entry }),
    [key],
  );
  const clear = useCallback(() => scanLogStore.clear(key), [key]);
  return { entries, add, clear };
}
