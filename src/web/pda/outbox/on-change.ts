import Dexie, { type ObservabilitySet } from 'dexie';
import { OUTBOX_DB_NAME } from './db.ts';

/** Changes close together are read once. */
export const READ_AFTER_MS = 30;
/** While scans come in (one within this many ms), reads wait for a pause… */
export const SCANS_QUIET_MS = 400;
/** …but no longer than this: then they go right after a scan's write. */
export const READ_AT_LEAST_MS = 3_000;

/** Whether scans are coming in (Outbox.scanning): when the last was added, and one being added. */
export interface ScanPace {
  lastAddedAt: number;
  adding: boolean;
}

/**
 * Calls `read` after the outbox database changed (in this tab or another: Dexie tells both), as a
 * live query would, but off the scans' path: an IndexedDB read open when a scan is written delays
 * that scan's write (a read-write transaction waits for the reads begun before it), and the re-render
 * after it takes the page's main thread. So while scans come in, reads wait for a pause in them, or
 * at most READ_AT_LEAST_MS, and then go right after a scan's write. What this tab wrote itself, a
 * screen follows in memory meanwhile (Outbox.onAdded, Outbox.onAnswers).
 */
export function onOutboxChange(outbox: { readonly scanning: ScanPace } | null, read: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let since = 0;
  const fire = () => {
    timer = undefined;
    const now = Date.now();
    const scans = outbox?.scanning;
    const stale = now - since >= READ_AT_LEAST_MS;
    const wait = !scans ? 0 : scans.adding ? READ_AFTER_MS : scans.lastAddedAt + SCANS_QUIET_MS - now;
    if (wait > 0 && !(stale && !scans?.adding)) {
      timer = setTimeout(fire, stale ? READ_AFTER_MS : Math.min(wait, since + READ_AT_LEAST_MS - now));
      return;
    }
    read();
  };
  const listener = (parts: ObservabilitySet) => {
    if (timer !== undefined) return;
    if (!Object.keys(parts).some((key) => key.includes(`/${OUTBOX_DB_NAME}/`))) return;
    since = Date.now();
    timer = setTimeout(fire, READ_AFTER_MS);
  };
  Dexie.on.storagemutated.subscribe(listener);
  return () => {
    Dexie.on.storagemutated.unsubscribe(listener);
    clearTimeout(timer);
  };
}
