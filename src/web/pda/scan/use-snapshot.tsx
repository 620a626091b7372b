import { Plural, Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { keepInMemory, snapshotDb, syncSnapshot } from './snapshot.ts';

/**
 * The scan snapshot of a screen that judges by it: read again when the operator turns to a bill
 * (the shell keeps it fresh the rest of the time, startSnapshotSync); answers when it was last
 * fetched (device time, epoch ms), or null before the first whole fetch ended. Once there, its
 * orders are read into memory (keepInMemory).
 */
export function useScanSnapshot(enabled: boolean, billId: number | undefined): number | null {
  useEffect(() => {
    if (enabled && billId !== undefined && navigator.onLine) void syncSnapshot();
  }, [enabled, billId]);
  const meta = useLiveQuery(() => (enabled ? snapshotDb().meta.get('state') : undefined), [enabled]);
  const complete = !!meta?.complete;
  // Its orders in memory, so each scan is judged without waiting for IndexedDB.
  useEffect(() => {
    if (complete) void keepInMemory();
  }, [complete]);
  return meta?.complete ? meta.fetchedAt : null;
}

/** The snapshot's age on screen, in whole minutes (read again every 15 s). */
export function SnapshotAge({ fetchedAt }: { fetchedAt: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (fetchedAt === null)
    return (
      <span className="text-slate-700" data-testid="snapshot-age" data-age="none">
        <Trans>No snapshot yet: the server judges each scan</Trans>
      </span>
    );
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000));
  const hours = Math.floor(minutes / 60);
  return (
    <span className="text-slate-700" data-testid="snapshot-age" data-age={minutes}>
      {minutes < 1 ? (
        <Trans>Snapshot: less than a minute old</Trans>
      ) : hours < 2 ? (
        <Plural value={minutes} one="Snapshot: # minute old" other="Snapshot: # minutes old" />
      ) : (
        <Plural value={hours} one="Snapshot: # hour old" other="Snapshot: # hours old" />
      )}
    </span>
  );
}
