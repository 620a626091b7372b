import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_IN_FLIGHT } from '../../../src/shared/contract/core.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { BACKOFF_CAP_MS, backoffMs } from '../../../src/web/pda/outbox/backoff.ts';
import { forgetAnswered, type OutboxDb, type OutboxEntry } from '../../../src/web/pda/outbox/db.ts';
import { classifyEntryFailure } from '../../../src/web/pda/outbox/send.ts';
import {
  closeOutboxes,
  entries,
  fakeServer,
  freshIdb,
  makeOutbox,
  noNetwork,
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

  it('marks a refusal (4xx) "needs attention" with the server message and goes on with the rest', async () => {
    const open = freshIdb();
    const server = fakeServer((entry) =>
      entry.code === 'UNKNOWN01' ? refused(409, 'Tracking no UNKNOWN01 does not exist') : { ok: true },
    );
    let online = false;
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => online, concurrency: 1 });
    await outbox.start();
    for (const code of ['GOOD0001', 'UNKNOWN01', 'GOOD0002']) await outbox.enqueue(scan(code));
    await outbox.enqueue(pickup());
    online = true;
    await outbox.drain();

    expect(server.calls.map((c) => c.code ?? c.kind)).toEqual([
      'GOOD0001',
      'UNKNOWN01',
      'GOOD0002',
      'lading.pickup',
    ]);
    const stored = await entries(outbox);
    expect(stored.map((e) => e.state)).toEqual(['done', 'attention', 'done', 'done']);
    expect(stored[1]).toMatchObject({ message: 'Tracking no UNKNOWN01 does not exist', status: 409 });
    // Never dropped, never retried by itself.
    await outbox.drain();
    expect(server.calls).toHaveLength(4);
    expect(await outbox.unsentCount()).toBe(1);
  });

  it('retries a 5xx with exponential backoff, with the same key, while the others go on', async () => {
    const open = freshIdb();
    let clock = 1_000_000;
    const server = fakeServer((entry, nth) =>
      entry.code === 'FLAKY001' && nth <= 3 ? refused(503, 'Service unavailable') : { ok: true },
    );
    const outbox = makeOutbox(open, 1, server.send, {
      now: () => clock,
      isOnline: () => true,
      concurrency: 1,
    });
    await outbox.start();
    await outbox.enqueue(scan('FLAKY001'));
    await outbox.enqueue(scan('STEADY01'));
    await outbox.drain();
    expect(server.calls.map((c) => c.code)).toEqual(['FLAKY001', 'STEADY01']);
    let [flaky] = await entries(outbox);
    expect(flaky).toMatchObject({
      state: 'queued',
      attempts: 1,
      status: 503,
      message: 'Service unavailable',
    });
    expect(flaky!.nextAttemptAt - clock).toBe(backoffMs(1, () => 0.5));

    // Not before its time.
    await outbox.drain();
    expect(server.calls).toHaveLength(2);

    const waits: number[] = [];
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      [flaky] = await entries(outbox);
      waits.push(flaky!.nextAttemptAt - clock);
      clock = flaky!.nextAttemptAt;
      await outbox.drain();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    [flaky] = await entries(outbox);
    expect(flaky).toMatchObject({ state: 'done', attempts: 3 });
    const keysSent = server.calls.filter((c) => c.code === 'FLAKY001').map((c) => c.key);
    expect(keysSent).toHaveLength(4);
    expect(new Set(keysSent).size).toBe(1);
  });

  it('caps the backoff', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffMs(n, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(1, () => 0)).toBe(800);
  });

  it('pauses the whole queue with backoff when the network fails, then resends with the same key', async () => {
    const open = freshIdb();
    let clock = 5_000_000;
    let network = false;
    const server = fakeServer(() => (network ? { ok: true } : noNetwork()));
    const events = new EventTarget();
    const outbox = makeOutbox(open, 1, server.send, {
      now: () => clock,
      isOnline: () => true,
      concurrency: 1,
      events,
    });
    await outbox.start();
    for (const code of ['NET00001', 'NET00002', 'NET00003']) await outbox.enqueue(scan(code));
    await outbox.drain();
    // The first failure stops the pass: the others are not tried against a dead network.
    expect(server.calls.map((c) => c.code)).toEqual(['NET00001']);
    expect(outbox.getLive().pausedUntil).toBe(clock + 1_000);
    expect((await entries(outbox))[0]).toMatchObject({ state: 'queued', attempts: 1, status: 0 });

    await outbox.drain();
    expect(server.calls).toHaveLength(1);
    clock += 1_000;
    await outbox.drain();
    expect(server.calls).toHaveLength(2);
    expect(outbox.getLive().pausedUntil).toBe(clock + 2_000);

    // Back online: the `online` event lifts the pause at once.
    network = true;
    events.dispatchEvent(new Event('online'));
    await outbox.drain();
    expect(server.calls.map((c) => c.code)).toEqual([
      'NET00001',
      'NET00001',
      'NET00001',
      'NET00002',
      'NET00003',
    ]);
    expect(new Set(server.calls.filter((c) => c.code === 'NET00001').map((c) => c.key)).size).toBe(1);
    expect((await entries(outbox)).map((e) => e.state)).toEqual(['done', 'done', 'done']);
  });

  it('keeps entries queued when the session has ended (code 6), for the next login', async () => {
    const open = freshIdb();
    const server = fakeServer(() => refused(401, 'Please log in again'));
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => true });
    await outbox.start();
    await outbox.enqueue(scan('SESSION01'));
    await outbox.drain();
    expect((await entries(outbox))[0]).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('retries a refused entry on request, with a new key; discards on request', async () => {
    const open = freshIdb();
    let exists = false;
    const server = fakeServer((entry) =>
      entry.code?.startsWith('LATE') && !exists ? refused(409, 'Tracking no does not exist') : { ok: true },
    );
    const outbox = makeOutbox(open, 1, server.send, { isOnline: () => true });
    await outbox.start();
    const late = await outbox.enqueue(scan('LATE0001'));
    const other = await outbox.enqueue(scan('GONE0001'));
    await outbox.drain();
    expect((await entries(outbox))[0]!.state).toBe('attention');

    exists = true;
    await outbox.retry(late.id!);
    const [retried] = await entries(outbox);
    expect(retried).toMatchObject({ state: 'done' });
    expect(retried!.key).not.toBe(late.key);
    expect(server.calls.map((c) => c.key)).toEqual([late.key, other.key, retried!.key]);

    // An answered entry stays (it is the scan's record); a refused one can be discarded.
    expect(await outbox.discard(late.id!)).toBe(false);
    const bad = await outbox.enqueue(scan('LATE0002'));
    exists = false;
    server.calls.length = 0;
    await outbox.drain();
    await outbox.discard(bad.id!);
    expect((await entries(outbox)).map((e) => e.code)).toEqual(['LATE0001', 'GONE0001']);
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

describe('classifying a failed send', () => {
  const refused = (status: number, data: unknown) =>
    new ApiError({ kind: 'response', status, code: 0, msg: 'any language', data });

  it('retries a 409 whose reason says the same key is still running, whatever the message language', () => {
    expect(classifyEntryFailure(refused(409, { reason: IDEMPOTENCY_IN_FLIGHT }))).toBe('retry');
  });

  it('gives other refusals to the operator', () => {
    expect(classifyEntryFailure(refused(409, { reason: 'duplicate', trackingNo: 'GL1' }))).toBe('attention');
    expect(classifyEntryFailure(refused(422, null))).toBe('attention');
    expect(classifyEntryFailure(refused(503, null))).toBe('retry');
  });
});
