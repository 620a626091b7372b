// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, expect, it, vi } from 'vitest';
import { addUnique } from '../../../src/web/pda/outbox/add-unique.ts';
import { OutboxDb } from '../../../src/web/pda/outbox/db.ts';
import { newOutboxEntry } from '../../../src/web/pda/outbox/new-entry.ts';
import { scan } from './pda-outbox-support.ts';

const opened: OutboxDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

let n = 0;
/** A scan into bill 7 as the outbox stores it, with a key of its own. */
function entry(code: string) {
  n += 1;
  const input = scan(code);
  return { ...newOutboxEntry(input, 1, `key-${n}`, new Date().toISOString()), target: input.target, code };
}

it('writes a new code, finds an earlier one (the newest, in the states asked for) and then writes nothing', async () => {
  const db = new OutboxDb(`pda-add-unique-${Math.random()}`);
  opened.push(db);
  const first = await addUnique(db, entry('AU000001'));
  expect('added' in first && first.added.id).toBeGreaterThan(0);
  const again = await addUnique(db, entry('AU000001'));
  expect('earlier' in again && again.earlier.key).toBe('added' in first && first.added.key);
  expect(await db.entries.count()).toBe(1);
  // Only entries in the states asked for hold the code back.
  await db.entries.toCollection().modify({ state: 'done' });
  expect('added' in (await addUnique(db, entry('AU000001'), ['queued']))).toBe(true);
  const held = await addUnique(db, entry('AU000001'), ['queued', 'done']);
  expect('earlier' in held && held.earlier.state).toBe('queued');
  expect(await db.entries.count()).toBe(2);
});

it('is announced as Dexie announces its writes: live queries (and other tabs) read the outbox again', async () => {
  const name = `pda-add-unique-${Math.random()}`;
  const writer = new OutboxDb(name);
  opened.push(writer);
  const parts: string[][] = [];
  const listener = (changed: Record<string, unknown>) => parts.push(Object.keys(changed));
  const counts: number[] = [];
  // Read as the outbox screen reads (Dexie caches such reads unless told not to, db.ts).
  const live = liveQuery(() =>
    writer.entries.where('[userId+state]').equals([1, 'queued']).toArray(),
  ).subscribe((rows) => counts.push(rows.length));
  try {
    await vi.waitFor(() => expect(counts).toEqual([0]));
    await writer.open();
    Dexie.on.storagemutated.subscribe(listener);
    await addUnique(writer, entry('LIVE0001'));
    await vi.waitFor(() => expect(counts).toEqual([0, 1]));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toContain(`idb://${name}/entries/[userId+target+code]`);
    // A duplicate writes nothing and announces nothing.
    await addUnique(writer, entry('LIVE0001'));
    await addUnique(writer, entry('LIVE0002'));
    await vi.waitFor(() => expect(counts).toEqual([0, 1, 2]));
    expect(parts).toHaveLength(2);
  } finally {
    live.unsubscribe();
    Dexie.on.storagemutated.unsubscribe(listener);
  }
});

it('waits for the database to be ready when a scan comes while it is being created', async () => {
  // On a new device the first scan can come while Dexie still creates the tables: its database
  // object exists (isOpen) but a transaction then throws "A version change transaction is running".
  const db = new OutboxDb(`pda-add-unique-${Math.random()}`);
  opened.push(db);
  let during: Promise<unknown> | undefined;
  db.on('populate', () => {
    // Made here, in the creation's transaction, but as the scan screen would: outside it.
    during = Dexie.ignoreTransaction(() => addUnique(db, entry('NEW00001')));
  });
  await db.open();
  const outcome = await during;
  expect(outcome).toMatchObject({ added: { code: 'NEW00001' } });
  expect(await db.entries.count()).toBe(1);
});
