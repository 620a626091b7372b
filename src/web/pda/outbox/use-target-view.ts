import Dexie, { type Collection } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { type EntryState, type OutboxEntry, outboxDb } from './db.ts';
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

/**
 * A scan screen's view of its target, cheap however long the shift: a live query reads the newest
 * `window` rows and the refused ones, and counts the rest through indexes (so answers and other
 * tabs' writes show); this tab's own new entries show as soon as their write commits, before the
 * live query has read them. With `codes`, the target's scanned codes are read once and then follow
 * this tab's own scans; they are read again only when the number of entries changes otherwise
 * (another tab, a discard, a prune).
 */
export function useTargetView(
  target: string | null,
  kinds: readonly string[],
  options: { window?: number; codes?: boolean } = {},
): TargetView | undefined {
  const outbox = useOutbox();
  const { window = SCREEN_ROWS, codes: wantCodes = false } = options;
  const kindList = kinds.join(',');
  const stored = useLiveQuery(async () => {
    if (!outbox || target === null) return undefined;
    const db = outboxDb();
    const user = outbox.userId;
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
      return { newest, lastId, queued, attention: refused.length, done, refused };
    });
  }, [outbox, target, kindList, window]);

  const [added, setAdded] = useState<OutboxEntry[]>([]);
  const [codes, setCodes] = useState<Codes | undefined>();
  useEffect(() => {
    setAdded([]);
    if (!outbox || target === null) return;
    const wanted = kindList.split(',');
    return outbox.onAdded((entry) => {
      if (entry.target !== target) return;
      // Rendered at once, before the IndexedDB answers and network replies queued behind it: the
      // operator's next scan waits on this row.
      flushSync(() => {
        if (wanted.includes(entry.kind)) setAdded((list) => [entry, ...list].slice(0, window));
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
  }, [outbox, target, kindList, window]);

  const total = stored && stored.queued + stored.attention + stored.done;
  const seenId = stored?.lastId;
  useEffect(() => {
    if (!wantCodes || !outbox || target === null || total === undefined || seenId === undefined) return;
    // Up to date; or the live query has not read this tab's latest entry yet (it will).
    if (codes?.target === target && (codes.total === total || seenId < codes.lastId)) return;
    let current = true;
    void readCodes(outbox.userId, target).then((read) => current && setCodes(read));
    return () => {
      current = false;
    };
  }, [wantCodes, outbox, target, total, seenId, codes]);

  return useMemo(() => {
    if (!stored) return undefined;
    let notRefused = noCodes;
    if (wantCodes && codes?.target === target) {
      notRefused = codes.set;
      if (stored.refused.length) {
        const set = new Set(codes.set);
        for (const e of stored.refused) if (e.code) set.delete(e.code);
        notRefused = set;
      }
    }
    // This tab's entries newer than what the live query has read so far.
    const newestId = stored.newest[0]?.id ?? 0;
    const fresh = added.filter((e) => (e.id ?? 0) > newestId);
    const rows = fresh.length ? [...fresh, ...stored.newest].slice(0, window) : stored.newest;
    const shown = new Set(rows.map((e) => e.id));
    const pinned = stored.refused.filter((e) => !shown.has(e.id) && kinds.includes(e.kind));
    return {
      rows: pinned.length ? [...rows, ...pinned].sort((a, b) => (b.id ?? 0) - (a.id ?? 0)) : rows,
      queued: stored.queued + fresh.length,
      attention: stored.attention,
      done: stored.done,
      codes: notRefused,
    };
  }, [stored, added, codes, target, window, wantCodes, kinds]);
}
