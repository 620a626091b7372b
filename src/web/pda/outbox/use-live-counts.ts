import { useEffect, useMemo, useState } from 'react';
import { type EntryState, outboxDb } from './db.ts';
import type { OutboxLiveState } from './drain.ts';
import { onOutboxChange } from './on-change.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxCounts } from './outbox-counts.ts';

/** The user's queued and refused entries as last read, with what that read had seen. */
interface Read {
  queued: number;
  attention: number;
  /** The user's newest entry then (its id): this tab's entries after it are counted from memory. */
  lastId: number;
  /** The outbox's answer writes that read had seen (Outbox.writtenCount when it began). */
  seen: number;
}

/** Counts this user's entries by state through the index, and the newest id, in one transaction. */
async function readCounts(outbox: Outbox): Promise<Read> {
  const db = outboxDb();
  const user = outbox.userId;
  const seen = outbox.writtenCount;
  return db.transaction('r', db.entries, async () => {
    const count = (state: EntryState) => db.entries.where('[userId+state]').equals([user, state]).count();
    const [queued, attention, newest] = await Promise.all([
      count('queued'),
      count('attention'),
      db.entries.where('userId').equals(user).reverse().limit(1).primaryKeys(),
    ]);
    return { queued, attention, lastId: Number(newest[0] ?? 0), seen };
  });
}

/**
 * The outbox's counts for the top bar and the start screen (OutboxCountsContext). Read again after
 * changes off the scans' path (onOutboxChange: in a pause of the scans, at most 3 s later), and
 * meanwhile this tab's own new entries and answers are counted from memory (Outbox.onAdded,
 * Outbox.onAnswers), as the scan screens' views do (use-target-view.ts). It was a live query, read
 * again in the scan's own task after every write: two IndexedDB counts, and a read transaction
 * the next scan's write could queue behind.
 */
export function useLiveCounts(outbox: Outbox | null, live: OutboxLiveState): OutboxCounts | undefined {
  const [read, setRead] = useState<Read | undefined>();
  // This tab's queued entries newer than the last read (ids), and its answers (id → state, write).
  const [added, setAdded] = useState<readonly number[]>([]);
  const [answers, setAnswers] = useState<ReadonlyMap<number, { state: EntryState; written: number }>>(
    new Map(),
  );

  useEffect(() => {
    setRead(undefined);
    setAdded([]);
    setAnswers(new Map());
    if (!outbox) return;
    let current = true;
    let reading = false;
    let again = false;
    const count = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      again = false;
      readCounts(outbox).then(
        (got) => {
          reading = false;
          if (!current) return;
          setRead(got);
          setAdded((ids) => (ids.some((id) => id <= got.lastId) ? ids.filter((id) => id > got.lastId) : ids));
          setAnswers((map) =>
            [...map.values()].some((a) => a.written <= got.seen)
              ? new Map([...map].filter(([, a]) => a.written > got.seen))
              : map,
          );
          if (again) count();
        },
        () => {
          reading = false;
          if (current && again) count();
        },
      );
    };
    count();
    const stopReading = onOutboxChange(outbox, count);
    const stopAdded = outbox.onAdded((entry) => {
      if (entry.state === 'queued' && entry.id !== undefined) setAdded((ids) => [...ids, entry.id!]);
    });
    const stopAnswers = outbox.onAnswers((entries, written) => {
      setAnswers((map) => {
        const next = new Map(map);
        for (const e of entries) if (e.id !== undefined) next.set(e.id, { state: e.state, written });
        return next;
      });
    });
    return () => {
      current = false;
      stopReading();
      stopAdded();
      stopAnswers();
    };
  }, [outbox]);

  return useMemo(() => {
    if (!read) return undefined;
    let queued = read.queued + added.length;
    let attention = read.attention;
    // Each answer the read has not seen moved a queued entry (read as queued, or added since).
    for (const answer of answers.values()) {
      if (answer.written <= read.seen || answer.state === 'queued') continue;
      queued -= 1;
      if (answer.state === 'attention') attention += 1;
    }
    const sending = live.sending.size;
    return { queued: Math.max(0, queued - sending), sending, attention };
  }, [read, added, answers, live]);
}
