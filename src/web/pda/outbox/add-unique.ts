import Dexie, { RangeSet } from 'dexie';
import type { EntryState, OutboxDb, OutboxEntry } from './db.ts';

/** The index a scan's duplicate check reads (db.ts). */
const CODE_INDEX = '[userId+target+code]';

/**
 * Writes `entry` unless the same user already has an entry for the same code in the same target
 * (in one of `states`, if given): the scan's write, on the scan's path. It goes to IndexedDB
 * itself rather than through Dexie: the check and the write are sent together in one read-write
 * transaction (the check first; an earlier entry found aborts the transaction, which undoes the
 * write), so the page's main thread handles one answer and the commit, instead of a round trip
 * per request plus Dexie's promise bookkeeping; at 4× CPU throttling that is what a scan waits on.
 * Durability is the database's (strict: on disk before "accepted"). Once committed, the change is
 * announced as Dexie announces its own writes, to this tab's live queries and to the other tabs,
 * in a task of its own after the caller has drawn the scan's row: the announcement (a DOM event, a
 * BroadcastChannel message, every live query's listener) took 5-9 ms of the scan's path at 4×
 * CPU throttling (bench/README.md, bench/snapshot.ts, 2026-12-07 night).
 */
export async function addUnique(
  db: OutboxDb,
  entry: OutboxEntry & { target: string; code: string },
  states?: readonly EntryState[],
): Promise<{ added: OutboxEntry } | { earlier: OutboxEntry }> {
  // Not isOpen(): that is true while Dexie still creates or upgrades the tables, when a
  // transaction of ours would throw. open() answers once the database is ready (at once after).
  await db.open();
  const idb = db.backendDB();
  const table = db.entries.name;
  const outcome = await new Promise<{ added: OutboxEntry } | { earlier: OutboxEntry }>((resolve, reject) => {
    const tx = idb.transaction(table, 'readwrite', { durability: db.durability });
    const store = tx.objectStore(table);
    let earlier: OutboxEntry | undefined;
    let id: number | undefined;
    const check = store.index(CODE_INDEX).getAll([entry.userId, entry.target, entry.code]);
    check.onsuccess = () => {
      // Entries of one index key come in the order of their ids: the last is the newest.
      earlier = (check.result as OutboxEntry[]).filter((e) => !states || states.includes(e.state)).at(-1);
      if (earlier) tx.abort();
    };
    const add = store.add(entry);
    add.onsuccess = () => {
      id = add.result as number;
    };
    tx.oncomplete = () => resolve({ added: { ...entry, id } });
    tx.onabort = () =>
      earlier ? resolve({ earlier }) : reject(tx.error ?? new Error('outbox write aborted'));
  });
  if ('added' in outcome) setTimeout(() => Dexie.on.storagemutated.fire(everythingOf(db)), 0);
  return outcome;
}

/** Every part of the entries table, as Dexie names them: the live queries over it read again. */
function everythingOf(db: OutboxDb): Record<string, RangeSet> {
  const table = db.entries;
  const prefix = `idb://${db.name}/${table.name}/`;
  const parts: Record<string, RangeSet> = {};
  const all = () => new RangeSet(-Infinity, [[[]]]);
  for (const index of table.schema.indexes) if (index.name) parts[prefix + index.name] = all();
  parts[prefix] = all();
  parts[`${prefix}:dels`] = all();
  return parts;
}
