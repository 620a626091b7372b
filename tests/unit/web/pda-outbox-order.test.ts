import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxDb, type OutboxEntry } from '../../../src/web/pda/outbox/db.ts';
import type { OutboxDeps } from '../../../src/web/pda/outbox/drain.ts';
import type { NewEntry } from '../../../src/web/pda/outbox/new-entry.ts';
import {
  closeOutboxes,
  entries,
  fakeServer,
  freshIdb,
  makeOutbox,
  pickup,
  refused,
  scan,
} from './pda-outbox-support.ts';

afterEach(closeOutboxes);

/** A small seeded generator, so a failure can be run again as it was. */
function seeded(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return x / 2 ** 32;
  };
}

interface Call {
  id: number;
  target: string | null;
  commutes: boolean;
  start: number;
  end: number;
}

/** A server that answers each call after a random few milliseconds and records when each began and ended. */
function timedServer(random: () => number, answer: (entry: OutboxEntry) => unknown = () => ({})) {
  let tick = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: Call[] = [];
  const send: OutboxDeps['send'] = async (entry) => {
    const call: Call = {
      id: entry.id!,
      target: entry.target,
      commutes: entry.commutes,
      start: ++tick,
      end: 0,
    };
    calls.push(call);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, Math.floor(random() * 6)));
    inFlight -= 1;
    call.end = ++tick;
    const result = answer(entry);
    if (result instanceof Error) throw result;
    return result;
  };
  return {
    send,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

describe('the order the outbox keeps with several calls in flight', () => {
  it.each([1, 2, 3])('holds the rule over a random mix of scans and bill actions (seed %i)', async (seed) => {
    const random = seeded(seed);
    const server = timedServer(random, (e) =>
      e.code?.endsWith('7') ? refused(409, 'Not in this bill') : {},
    );
    let online = false;
    const outbox = makeOutbox(freshIdb(), 1, server.send, { isOnline: () => online, concurrency: 4 });
    await outbox.start();
    for (let i = 0; i < 80; i += 1) {
      const bill = 1 + Math.floor(random() * 3);
      const r = random();
      const entry: NewEntry =
        r < 0.12 ? pickup(bill) : r < 0.2 ? { ...scan(`EX${i}`), target: null } : scan(`TN${1000 + i}`, bill);
      await outbox.enqueue(entry);
    }
    online = true;
    await outbox.drain();

    const calls = new Map(server.calls.map((c) => [c.id, c]));
    const made = await entries(outbox);
    expect(calls.size).toBe(made.length);
    // Never more on the wire than allowed, and the allowance is used.
    expect(server.maxInFlight).toBe(4);
    for (const barrier of made.filter((e) => !e.commutes)) {
      const b = calls.get(barrier.id!)!;
      for (const other of made.filter((e) => e.target === barrier.target && e.id !== barrier.id)) {
        const o = calls.get(other.id!)!;
        // Everything earlier about the same bill has its answer before the action goes…
        if (other.id! < barrier.id!) expect(o.end, `${other.id} before ${barrier.id}`).toBeLessThan(b.start);
        // …and nothing later about it goes before the action's answer.
        else expect(o.start, `${other.id} after ${barrier.id}`).toBeGreaterThan(b.end);
      }
    }
    // Scans into one bill do overlap: the rule holds back only what must wait.
    const scans = [...calls.values()].filter((c) => c.commutes && c.target !== null);
    const overlapping = scans.some((a) =>
      scans.some((b) => a !== b && a.target === b.target && a.start < b.end && b.start < a.end),
    );
    expect(overlapping).toBe(true);
    // Refusals (4xx) wait for the operator and held nothing up: everything else was answered.
    const states = made.map((e) => e.state);
    expect(states.filter((s) => s === 'queued')).toEqual([]);
    expect(made.filter((e) => e.state === 'attention').every((e) => e.code?.endsWith('7'))).toBe(true);
  });

  it('lets other bills go on while one bill’s action waits behind a scan the server keeps failing', async () => {
    let failing = true;
    const server = fakeServer((e) => (e.code === 'SLOW0001' && failing ? refused(503, 'Busy') : {}));
    let clock = 1_000_000;
    const outbox = makeOutbox(freshIdb(), 1, server.send, { isOnline: () => true, now: () => clock });
    await outbox.start();
    await outbox.enqueue(scan('SLOW0001', 1));
    await outbox.enqueue(pickup(1));
    await outbox.enqueue(scan('OTHER001', 2));
    await outbox.enqueue(pickup(2));
    await outbox.drain();
    expect(server.calls.map((c) => c.code ?? `${c.kind}`)).toEqual(['SLOW0001', 'OTHER001', 'lading.pickup']);
    const [, held, , other] = await entries(outbox);
    expect([held!.state, other!.state]).toEqual(['queued', 'done']);
    expect(other!.billId).toBe(2);

    failing = false;
    clock += 60_000;
    await outbox.drain();
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done', 'done', 'done', 'done']);
  });
});

describe('a scan written to the outbox', () => {
  it('goes in once per bill and user: the check and the write are one transaction', async () => {
    const server = fakeServer();
    const open = freshIdb();
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => false });
    await outbox.start();
    const both = await Promise.all([
      outbox.enqueueUnique(scan('TWICE001')),
      outbox.enqueueUnique(scan('TWICE001')),
    ]);
    expect(both.filter((o) => 'added' in o)).toHaveLength(1);
    const again = await outbox.enqueueUnique(scan('TWICE001'));
    expect('earlier' in again && again.earlier.code).toBe('TWICE001');
    // Another bill, or another user, has its own.
    expect('added' in (await outbox.enqueueUnique(scan('TWICE001', 8)))).toBe(true);
    const other = makeOutbox(open, 2, server.send, { isOnline: () => false });
    expect('added' in (await other.enqueueUnique(scan('TWICE001')))).toBe(true);
    expect((await entries(outbox)).map((e) => [e.userId, e.billId])).toEqual([
      [1, 7],
      [1, 8],
      [2, 7],
    ]);
  });

  it('may go in again when only entries in other states hold the code (a lookup asked again)', async () => {
    const server = fakeServer();
    const outbox = makeOutbox(freshIdb(), 1, server.send, { isOnline: () => true });
    await outbox.start();
    const lookup = { ...scan('LABEL001'), target: 'exchange' };
    expect('added' in (await outbox.enqueueUnique(lookup, ['queued']))).toBe(true);
    await outbox.drain();
    expect('added' in (await outbox.enqueueUnique(lookup, ['queued']))).toBe(true);
    expect('earlier' in (await outbox.enqueueUnique(lookup, ['queued']))).toBe(true);
  });

  it('is told to the screens once its write has committed, and a duplicate is not', async () => {
    const server = fakeServer();
    const outbox = makeOutbox(freshIdb(), 1, server.send, { isOnline: () => false });
    await outbox.start();
    const heard: { code: string | null; stored: boolean }[] = [];
    const stop = outbox.onAdded((entry) => {
      heard.push({ code: entry.code, stored: entry.id !== undefined });
    });
    await outbox.enqueueUnique(scan('HEARD001'));
    await outbox.enqueueUnique(scan('HEARD001'));
    await outbox.enqueue(pickup());
    stop();
    await outbox.enqueue(scan('UNHEARD1'));
    expect(heard).toEqual([
      { code: 'HEARD001', stored: true },
      { code: null, stored: true },
    ]);
  });
});

describe('the outbox database', () => {
  it('takes new entries durably and the answers through the database that need not wait for the disk', async () => {
    const open = freshIdb();
    const answerDb = open();
    const server = fakeServer();
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => true, answerDb });
    const answered = vi.spyOn(answerDb.entries, 'bulkUpdate');
    await outbox.start();
    await outbox.enqueueUnique(scan('ANSWER01'));
    await outbox.drain();
    expect(answered).toHaveBeenCalledTimes(1);
    // The entry was written through the main database, and both see its answer.
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done']);
    expect((await answerDb.entries.toArray()).map((e) => e.state)).toEqual(['done']);
    answerDb.close();
  });

  /** An outbox online, and its answers' writes (the codes of each) as they commit. */
  async function answering(more: Partial<OutboxDeps> = {}) {
    const server = fakeServer();
    const outbox = makeOutbox(freshIdb(), 1, server.send, { isOnline: () => true, ...more });
    const written: (string | null)[][] = [];
    outbox.onAnswers((list) => written.push(list.map((e) => e.code)));
    await outbox.start();
    return { server, outbox, written };
  }

  it('writes answers with the next scan while scans come in', async () => {
    // The timer's bound out of reach, and the clock still (scans are always coming in, however
    // late the answer): only the next scan can write the answer.
    const at = Date.now();
    const { server, outbox, written } = await answering({ answerFlushMaxMs: 600_000, now: () => at });
    await outbox.enqueueUnique(scan('FLUSH001'));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    // Answered, and held in memory: a write now could hold the next scan's write back.
    await new Promise((r) => setTimeout(r, 300));
    expect(written).toEqual([]);
    await outbox.enqueueUnique(scan('FLUSH002'));
    await vi.waitFor(() => expect(written).toEqual([['FLUSH001']]), { timeout: 10_000 });
    // The rest goes when the queue is drained.
    await outbox.drain();
    expect(written).toEqual([['FLUSH001'], ['FLUSH002']]);
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done', 'done']);
    outbox.stop();
  });

  it('writes the last answer by its timer once scans stop', async () => {
    const { outbox, written } = await answering();
    await outbox.enqueueUnique(scan('FLUSH001'));
    // No scan follows, nor a drain: the timer writes it (within ANSWER_FLUSH_MAX_MS; not timed here).
    await vi.waitFor(() => expect(written).toEqual([['FLUSH001']]), { timeout: 10_000 });
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done']);
    outbox.stop();
  });

  it('keeps the entries of the first version when the app that opens it is newer', async () => {
    const indexedDB = new IDBFactory();
    const first = new Dexie('pda-outbox-upgrade', { indexedDB, IDBKeyRange });
    first.version(1).stores({
      entries: '++id, &key, userId, [userId+state], [userId+target], [userId+target+code]',
    });
    await first.table('entries').add({ ...scan('OLD00001'), key: 'k1', userId: 1, state: 'queued' });
    first.close();

    const db = new OutboxDb('pda-outbox-upgrade', { indexedDB, IDBKeyRange });
    expect(await db.entries.where('[userId+target+state]').equals([1, 'lading:7', 'queued']).count()).toBe(1);
    expect((await db.entries.toArray()).map((e) => e.code)).toEqual(['OLD00001']);
    db.close();
  });
});
