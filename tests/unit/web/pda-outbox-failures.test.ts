import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_FLIGHT } from '../../../src/shared/contract/core.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { BACKOFF_CAP_MS, backoffMs } from '../../../src/web/pda/outbox/backoff.ts';
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

/** The outbox when a send fails: refusals, retries with backoff, no network, an ended session. */

afterEach(closeOutboxes);
describe('the PDA outbox', () => {
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
