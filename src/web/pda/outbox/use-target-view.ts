import Dexie, { type Collection } from 'dexie';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { type EntryState, type OutboxEntry, outboxDb } from './db.ts';
import { onOutboxChange } from './on-change.ts';
import type { Outbox } from './outbox.ts';
import { useOutbox } from './outbox-context.tsx';

/** What a scan screen shows of its target: the newest rows, and counts over all the target's entries. */
export interface TargetView {
  /**
   * The entries of the screen's kinds to list, newest first: the newest (at most the window), and
   * every one that needs the operator (refused: retry or discard), however old.
   */
  rows: OutboxEntry[];
  /** The target's entries (of every kind) by state. */
  queued: number;
  attention: number;
  done: number;
  /** The codes of the target's scans that were not refused (when asked for). */
  codes: ReadonlySet<string>;
}

/** Rows a scan screen lists: the latest scans are what the operator looks at. */
export const SCREEN_ROWS = 30;

const noCodes: ReadonlySet<string> = new Set();

interface Codes {
  target: string;
  set: Set<string>;
  /** The target's entries when the set was read, plus this tab's own added since… */
  total: number;
  /** …the newest of which is this one. */
  lastId: number;
}

/** The newest entry of a target (its id), to tell whether a read has seen a given write. */
const lastIdOf = async (collection: Collection<OutboxEntry, number | undefined>) =>
  Number((await collection.clone().reverse().limit(1).primaryKeys())[0] ?? 0);

/**
 * The newest `window` entries of these kinds. Read in one request (getAll, newest first) and
 * filtered here, rather than stepping a cursor entry by entry through a filter: a scan screen's
 * entries are nearly all of its kinds. Only when other kinds take places in that window does a
 * cursor read on.
 */
async function newestOfKinds(
  ofTarget: Collection<OutboxEntry, number | undefined>,
  kinds: readonly string[],
  window: number,
): Promise<OutboxEntry[]> {
  const read = await ofTarget.clone().reverse().limit(window).toArray();
  const kept = read.filter((e) => kinds.includes(e.kind));
  if (kept.length === read.length || read.length < window) return kept;
  return ofTarget
    .clone()
    .reverse()
    .filter((e) => kinds.includes(e.kind))
    .limit(window)
    .toArray();
}

/** Every code scanned into the target, and how many entries it has, read together. */
async function readCodes(user: number, target: string): Promise<Codes> {
  const db = outboxDb();
  return db.transaction('r', db.entries, async () => {
    const ofTarget = db.entries.where('[userId+target]').equals([user, target]);
    const [keys, total, lastId] = await Promise.all([
      db.entries
        .where('[userId+target+code]')
        .between([user, target, Dexie.minKey], [user, target, Dexie.maxKey])
        .keys(),
      ofTarget.count(),
      lastIdOf(ofTarget),
    ]);
    const codes = (keys as unknown as [number, string, string][]).map((key) => key[2]);
    return { target, set: new Set(codes), total, lastId };
  });
}

interface Stored {
  target: string;
  newest: OutboxEntry[];
  lastId: number;
  queued: number;
  attention: number;
  done: number;
  refused: OutboxEntry[];
  /** The outbox's answer writes this read has seen (Outbox.writtenCount when it began). */
  seen: number;
}

/** The target's newest rows, its refused entries, and its counts by state, in one transaction. */
async function readTarget(
  outbox: Outbox,
  target: string,
  kinds: readonly string[],
  window: number,
): Promise<Stored> {
  const db = outboxDb();
  const user = outbox.userId;
  const seen = outbox.writtenCount;
  return db.transaction('r', db.entries, async () => {
    const inState = (state: EntryState) =>
      db.entries.where('[userId+target+state]').equals([user, target, state]);
    const ofTarget = db.entries.where('[userId+target]').equals([user, target]);
    // The refused are read whole (they are listed), so their count comes with them.
    const [newest, queued, done, refused, lastId] = await Promise.all([
      newestOfKinds(ofTarget, kinds, window),
      inState('queued').count(),
      inState('done').count(),
      inState('attention').toArray(),
      lastIdOf(ofTarget),
    ]);
    return { target, newest, lastId, queued, attention: refused.length, done, refused, seen };
  });
}

/** An answer this tab wrote, and the number of that write (Outbox.onAnswers). */
interface Answer {
  entry: OutboxEntry;
  written: number;
}

/**
 * A scan screen's view of its target, cheap however long the shift: it reads the newest `window`
 * rows and the refused ones, and counts the rest through indexes. This tab's own new entries and
 * the answers it writes show at once, from memory (Outbox.onAdded, Outbox.onAnswers); the view reads
 * IndexedDB again after any change (other tabs', a discard, a prune) off the scans' path (see
 * onOutboxChange), and that read then takes over what memory held. With `codes`, the target's
 * scanned codes are read once and then follow this tab's own scans; they are read again only when
 * the number of entries changes otherwise (another tab, a discard, a prune).
 */
export function useTargetView(
  target: string | null,
  kinds: readonly string[],
  options: { window?: number; codes?: boolean } = {},
): TargetView | undefined {
  const outbox = useOutbox();
  const { window = SCREEN_ROWS, codes: wantCodes = false } = options;
  const kindList = kinds.join(',');
  const [stored, setStored] = useState<Stored | undefined>();
  // This tab's entries of the target written since the last read (newest first), and its answers.
  const [added, setAdded] = useState<OutboxEntry[]>([]);
  const [answers, setAnswers] = useState<ReadonlyMap<number, Answer>>(new Map());
  const [codes, setCodes] = useState<Codes | undefined>();

  useEffect(() => {
    setStored(undefined);
    setAdded([]);
    setAnswers(new Map());
    if (!outbox || target === null) return;
    const wanted = kindList.split(',');
    let current = true;
    let reading = false;
    let again = false;
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      again = false;
      readTarget(outbox, target, wanted, window).then(
        (got) => {
          reading = false;
          if (!current) return;
          setStored(got);
          // What the read has seen is no longer needed from memory.
          setAdded((list) =>
            list.some((e) => (e.id ?? 0) <= got.lastId) ? list.filter((e) => (e.id ?? 0) > got.lastId) : list,
          );
          setAnswers((map) => {
            if (![...map.values()].some((a) => a.written <= got.seen)) return map;
            return new Map([...map].filter(([, a]) => a.written > got.seen));
          });
          if (again) read();
        },
        () => {
          reading = false;
          if (current && again) read();
        },
      );
    };
    read();
    const stopReading = onOutboxChange(outbox, read);
    const stopAnswers = outbox.onAnswers((entries, written) => {
      const mine = entries.filter((e) => e.target === target && e.id !== undefined);
      if (mine.length === 0) return;
      setAnswers((map) => {
        const next = new Map(map);
        for (const entry of mine) next.set(entry.id!, { entry, written });
        return next;
      });
    });
    const stopAdded = outbox.onAdded((entry) => {
      if (entry.target !== target) return;
      // Rendered at once, before the IndexedDB answers and network replies queued behind it: the
      // operator's next scan waits on this row.
      flushSync(() => {
        setAdded((list) => [entry, ...list]);
        setCodes((c) =>
          c?.target === target
            ? {
                target,
                set: entry.code ? new Set(c.set).add(entry.code) : c.set,
                total: c.total + 1,
                lastId: Math.max(c.lastId, entry.id ?? 0),
              }
            : c,
        );
      });
    });
    return () => {
      current = false;
      stopReading();
      stopAnswers();
      stopAdded();
    };
  }, [outbox, target, kindList, window]);

  const total = stored && stored.queued + stored.attention + stored.done;
  const seenId = stored?.lastId;
  useEffect(() => {
    if (!wantCodes || !outbox || target === null || total === undefined || seenId === undefined) return;
    // Up to date; or the last read has not seen this tab's latest entry yet (the next will).
    if (codes?.target === target && (codes.total === total || seenId < codes.lastId)) return;
    let current = true;
    void readCodes(outbox.userId, target).then((read) => current && setCodes(read));
    return () => {
      current = false;
    };
  }, [wantCodes, outbox, target, total, seenId, codes]);

  return useMemo(() => {
    if (!stored || stored.target !== target) return undefined;
    // This tab's entries newer than what the last read has seen.
    const fresh = added.filter((e) => (e.id ?? 0) > stored.lastId);
    // Answers the last read has not seen: each moves its entry out of `queued` (it was queued when
    // read, or is one of `fresh`).
    let { queued, attention, done } = stored;
    queued += fresh.length;
    const refusedNow: OutboxEntry[] = [];
    for (const { entry, written } of answers.values()) {
      if (written <= stored.seen) continue;
      if (entry.state === 'done') {
        queued -= 1;
        done += 1;
      } else if (entry.state === 'attention') {
        queued -= 1;
        attention += 1;
        refusedNow.push(entry);
      }
    }
    const answered = (e: OutboxEntry) => (e.id !== undefined && answers.get(e.id)?.entry) || e;
    const listed = fresh.filter((e) => kinds.includes(e.kind));
    let rows = listed.length ? [...listed, ...stored.newest].slice(0, window) : stored.newest;
    if (answers.size) rows = rows.map(answered);
    const refused = [...stored.refused.map(answered), ...refusedNow].filter((e) => e.state === 'attention');
    const shown = new Set(rows.map((e) => e.id));
    const pinned: OutboxEntry[] = [];
    for (const e of refused) {
      if (shown.has(e.id) || !kinds.includes(e.kind)) continue;
      shown.add(e.id);
      pinned.push(e);
    }
    let notRefused = noCodes;
    if (wantCodes && codes?.target === target) {
      notRefused = codes.set;
      if (refused.length) {
        const set = new Set(codes.set);
        for (const e of refused) if (e.code) set.delete(e.code);
        notRefused = set;
      }
    }
    return {
      rows: pinned.length ? [...rows, ...pinned].sort((a, b) => (b.id ?? 0) - (a.id ?? 0)) : rows,
      queued: Math.max(0, queued),
      attention,
      done,
      codes: notRefused,
    };
  }, [stored, added, answers, codes, target, window, wantCodes, kinds]);
}
