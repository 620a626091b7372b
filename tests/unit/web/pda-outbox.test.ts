import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAnswered, type OutboxDb, type OutboxEntry } from '../../../src/web/pda/outbox/db.ts';
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
describe('the PDA outbox', () => {
  it('stores each action first, with a UUID key, the user, the bill, the code and the time', async () => {
    const open = freshIdb();
    let online = false;
    const server = fakeServer();
    const outbox = makeOutbox(open, 3, server.send, { isOnline: () => online, newKey: undefined });
    await outbox.start();
    const entry = await outbox.enqueue({ ...scan('AB123456'), scannedAt: '2024-05-01T08:00:00.000Z' });
    expect(entry).toMatchObject({
      userId: 3,
      kind: 'lading.scan',
      target: 'lading:7',
      billId: 7,
      code: 'AB123456',
      scannedAt: '2024-05-01T08:00:00.000Z',
      state: 'queued',
    });
    expect(entry.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(server.calls).toEqual([]);
    expect(await outbox.unsentCount()).toBe(1);

    online = true;
    await outbox.drain();
    expect(server.calls.map((c) => c.key)).toEqual([entry.key]);
    expect((await entries(outbox))[0]).toMatchObject({ state: 'done', result: { ok: true }, status: 200 });
    expect(await outbox.unsentCount()).toBe(0);
  });

  it('forgets at logout the answers the server gave the user, keeping unsent work and other users’ entries', async () => {
    const open = freshIdb();
    const server = fakeServer((e) => (e.code === 'BAD1' ? refused(409, 'No such order') : { label: e.code }));
    let mineOnline = true;
    const mine = makeOutbox(open, 3, server.send, { isOnline: () => mineOnline });
    await mine.start();
    for (const code of ['AB1', 'BAD1']) await mine.enqueue(scan(code));
    await mine.drain();
    let online = false;
    const theirs = makeOutbox(open, 4, server.send, { isOnline: () => online });
    await theirs.start();
    await theirs.enqueue(scan('CD2'));
    online = true;
    await theirs.drain();
    mineOnline = false;
    await mine.enqueue(scan('EF3'));
    mine.stop();
    expect(await forgetAnswered(3, (mine as unknown as { db: OutboxDb }).db)).toBe(1);
    const left = (await entries(theirs)).map((e) => [e.userId, e.code, e.state, e.result ?? null]);
    expect(left).toEqual([
      [3, 'BAD1', 'attention', null],
      [4, 'CD2', 'done', { label: 'CD2' }],
      [3, 'EF3', 'queued', null],
    ]);
  });

  it('sends in the order the actions were made (FIFO)', async () => {
    const open = freshIdb();
    let online = false;
    const server = fakeServer();
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => online, concurrency: 1 });
    await outbox.start();
    const codes = Array.from({ length: 12 }, (_, i) => `TN${String(i).padStart(6, '0')}`);
    for (const [i, code] of codes.entries()) await outbox.enqueue(scan(code, i % 3));
    online = true;
    await outbox.drain();
    expect(server.calls.map((c) => c.code)).toEqual(codes);
  });

  it('starts a few scans at once, in order, and keeps other actions in their place', async () => {
    const open = freshIdb();
    let online = false;
    const server = fakeServer();
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => online, concurrency: 4 });
    await outbox.start();
    for (let i = 0; i < 8; i += 1) await outbox.enqueue(scan(`TN00000${i}`));
    await outbox.enqueue(pickup());
    await outbox.enqueue(scan('TN000099'));
    online = true;
    await outbox.drain();
    expect(server.maxInFlight).toBe(4);
    const order = server.calls.map((c) => c.code ?? c.kind);
    expect(order.slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, i) => `TN00000${i}`));
    // The pickup goes after every earlier scan of its bill has its answer, the later scan after it.
    expect(order.slice(8)).toEqual(['lading.pickup', 'TN000099']);
  });

  it("keeps each user's entries apart: another user neither sees nor sends them", async () => {
    const open = freshIdb();
    const server = fakeServer();
    const alice = makeOutbox(open, 11, server.send, { isOnline: () => false });
    await alice.start();
    await alice.enqueue(scan('ALICE001'));
    alice.stop();

    const bob = makeOutbox(open, 12, server.send, { isOnline: () => true });
    await bob.start();
    await bob.enqueue(scan('BOB00001'));
    await bob.drain();
    expect(server.calls.map((c) => c.code)).toEqual(['BOB00001']);
    expect(await bob.unsentCount()).toBe(0);
    bob.stop();

    // Alice logs in again: her entry is still there and goes now.
    const aliceAgain = makeOutbox(open, 11, server.send, { isOnline: () => true });
    expect(await aliceAgain.unsentCount()).toBe(1);
    await aliceAgain.start();
    await aliceAgain.drain();
    expect(server.calls.map((c) => c.code)).toEqual(['BOB00001', 'ALICE001']);
  });

  it("plans a scan's sending in memory: no read of the queue between scans, one read per drain()", async () => {
    const open = freshIdb();
    const server = fakeServer();
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => true });
    await outbox.start();
    const db = (outbox as unknown as { db: OutboxDb }).db;
    const where = vi.spyOn(db.entries, 'where');
    const queueReads = () => where.mock.calls.filter(([index]) => String(index) === '[userId+state]').length;
    for (const code of ['MEM00001', 'MEM00002', 'MEM00003']) {
      await outbox.enqueueUnique(scan(code));
      await new Promise((r) => setTimeout(r, 5));
    }
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    expect(queueReads()).toBe(0);
    // drain() reads the queue once, and resolves with the answers written.
    await outbox.drain();
    expect(queueReads()).toBe(1);
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done', 'done', 'done']);
    expect(server.calls.map((c) => c.code)).toEqual(['MEM00001', 'MEM00002', 'MEM00003']);
  });

  it('sends what another tab queued after its next read of the queue, each entry once', async () => {
    const open = freshIdb();
    const server = fakeServer();
    const here = makeOutbox(open, 1, server.send, { isOnline: () => true });
    await here.start();
    const other = makeOutbox(open, 1, server.send, { isOnline: () => false });
    await other.start();
    const theirs = await other.enqueue(scan('OTHER001'));
    await here.enqueueUnique(scan('HERE0001'));
    await vi.waitFor(() => expect(server.calls.map((c) => c.code)).toEqual(['HERE0001']));
    // The timer, `online`, a retry or drain() read the queue again.
    await here.drain();
    expect(server.calls.map((c) => c.code)).toEqual(['HERE0001', 'OTHER001']);
    expect(server.calls[1]?.key).toBe(theirs.key);
    await here.drain();
    expect(server.calls).toHaveLength(2);
    expect(await here.unsentCount()).toBe(0);
  });

  it('writes the answers a few at a time and tells the screens of each write', async () => {
    const open = freshIdb();
    // The answers come once all three scans are queued, as they do when scans come faster than
    // the network answers (else whether two answers meet in one write depends on the timing).
    let release = () => {};
    const answersDue = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer((e) =>
      answersDue.then(() => {
        if (e.code === 'BAD00001') throw refused(404, 'No such order');
        return { ok: true };
      }),
    );
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => true });
    await outbox.start();
    const heard: { codes: (string | null)[]; states: string[]; written: number }[] = [];
    outbox.onAnswers((list, written) =>
      heard.push({ codes: list.map((e) => e.code), states: list.map((e) => e.state), written }),
    );
    for (const code of ['ANS00001', 'ANS00002', 'BAD00001']) await outbox.enqueueUnique(scan(code));
    // What the last add starts in a task of its own (the send, the waiting answers' write) first.
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await outbox.drain();
    const written = heard.flatMap((h) => h.codes.map((code, i) => [code, h.states[i]]));
    expect(written.sort()).toEqual([
      ['ANS00001', 'done'],
      ['ANS00002', 'done'],
      ['BAD00001', 'attention'],
    ]);
    // Fewer writes than answers (the successes go together), numbered in order.
    expect(heard.length).toBeLessThan(3);
    expect(heard.map((h) => h.written)).toEqual(heard.map((_, i) => i + 1));
    expect(outbox.writtenCount).toBe(heard.length);
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done', 'done', 'attention']);
  });

  it('survives closing and re-opening the database (a reload, a crash, an update)', async () => {
    const open = freshIdb();
    const server = fakeServer();
    const before = makeOutbox(open, 1, server.send, { isOnline: () => false });
    await before.start();
    const made: OutboxEntry[] = [];
    for (const code of ['KEEP0001', 'KEEP0002', 'KEEP0003']) made.push(await before.enqueue(scan(code)));
    closeOutboxes();

    const after = makeOutbox(open, 1, server.send, { isOnline: () => true });
    expect(await after.unsentCount()).toBe(3);
    await after.start();
    await after.drain();
    expect(server.calls.map((c) => [c.code, c.key])).toEqual(made.map((e) => [e.code, e.key]));
  });

  it('prunes answered entries after their time, never unanswered ones', async () => {
    const open = freshIdb();
    let clock = Date.parse('2024-05-01T00:00:00Z');
    const server = fakeServer((entry) => (entry.code === 'REFUSED1' ? refused(400, 'Bad') : {}));
    const outbox = makeOutbox(open, 1, server.send, {
      now: () => clock,
      isOnline: () => true,
      keepDoneMs: 1000,
    });
    await outbox.start();
    await outbox.enqueue(scan('OLD00001'));
    await outbox.enqueue(scan('REFUSED1'));
    await outbox.drain();
    outbox.stop();
    clock += 5_000;
    await outbox.start();
    expect((await entries(outbox)).map((e) => e.code)).toEqual(['REFUSED1']);
  });
});
