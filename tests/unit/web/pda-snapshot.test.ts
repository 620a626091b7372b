// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ScanSnapshot } from '../../../src/shared/contract/scan-snapshot.ts';
import { InterceptState } from '../../../src/shared/domain/order-rules.ts';
import { OrderStatus as S } from '../../../src/shared/domain/order-status.ts';

const calls: unknown[] = [];
const answers: (ScanSnapshot | Error)[] = [];
vi.mock('../../../src/web/api/client.ts', () => ({
  callApi: vi.fn(async (_endpoint: unknown, input: { body: unknown }) => {
    calls.push(input.body);
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  }),
}));
vi.mock('../../../src/web/session/store.ts', () => ({ getSession: () => ({ user: { recId: 5 } }) }));

const { forgetSnapshot, judgeLadingScan, keepInMemory, SnapshotDb, syncSnapshot } = await import(
  '../../../src/web/pda/scan/snapshot.ts'
);
const { i18n } = await import('../../../src/web/i18n.ts');
// The source texts (no catalogue): the refusals in English.
i18n.loadAndActivate({ locale: 'en', messages: {} });

const reference = {
  bills: [
    { id: 1, no: 'LD1', channelId: 7, countryId: 40, orderType: 1 },
    { id: 2, no: 'LD2', channelId: 7, countryId: null, orderType: 2 },
  ],
  channels: [[7, 'CN-SA', '中沙', 'China-Saudi'] as [number, string, string, string]],
  countries: [[40, '沙特', 'Saudi Arabia', 'السعودية'] as [number, string, string, string]],
};
const page = (p: Partial<ScanSnapshot>): ScanSnapshot => ({
  full: true,
  rows: [],
  more: false,
  next: 'changes-1',
  asOf: '2026-12-07T03:00:00.000Z',
  ...p,
});

let db: InstanceType<typeof SnapshotDb>;
beforeEach(() => {
  db = new SnapshotDb(`pda-snapshot-${Math.random()}`);
  calls.length = 0;
  answers.length = 0;
});
afterEach(() => db.close());

it('fetches a whole snapshot in pages, then only the changes since, and judges by the server’s rule', async () => {
  answers.push(
    page({
      more: true,
      next: 'page-2',
      rows: [['OK1', S.received, 0, 7, 40, null, null]],
      ...reference,
    }),
    page({
      rows: [
        ['HELD', S.received, InterceptState.requested, 7, 40, null, null],
        ['ELSEWHERE', S.inLading, 0, 7, 40, null, 'LD9'],
        ['HERE', S.inLading, 0, 7, 40, null, 'LD1'],
        ['OTHERCH', S.received, 0, 8, 40, null, null],
        ['SHIPPED', S.pickedUp, 0, 7, 40, null, null],
      ],
    }),
  );
  // Before any snapshot, nothing is decided on the device.
  expect(await judgeLadingScan(1, 'OK1', db)).toEqual({ kind: 'undecided' });
  await syncSnapshot(db);
  expect(calls).toEqual([{ pageSize: 2000 }, { cursor: 'page-2', pageSize: 2000 }]);
  expect(await db.orders.count()).toBe(6);

  expect(await judgeLadingScan(1, 'OK1', db)).toEqual({ kind: 'accept' });
  expect(await judgeLadingScan(1, 'NOSUCH', db)).toMatchObject({ kind: 'refuse', reason: 'unknown' });
  expect(await judgeLadingScan(1, 'HELD', db)).toMatchObject({ kind: 'refuse', reason: 'intercepted' });
  expect(await judgeLadingScan(1, 'ELSEWHERE', db)).toMatchObject({
    kind: 'refuse',
    reason: 'alreadyAdded',
    duplicate: false,
  });
  expect(await judgeLadingScan(1, 'HERE', db)).toMatchObject({ reason: 'alreadyAdded', duplicate: true });
  expect(await judgeLadingScan(1, 'OTHERCH', db)).toMatchObject({
    kind: 'refuse',
    reason: 'wrongChannel',
    message: 'Order OTHERCH ships with 8, this bill with CN-SA China-Saudi: select a logistics channel first',
  });
  expect(await judgeLadingScan(1, 'NOSUCH', db)).toMatchObject({
    message: 'No order has the tracking no NOSUCH',
  });
  // What the device does not word (another status), a bill of packages and a bill it does not know
  // are left to the server.
  expect(await judgeLadingScan(1, 'SHIPPED', db)).toEqual({ kind: 'undecided' });
  expect(await judgeLadingScan(2, 'OK1', db)).toEqual({ kind: 'undecided' });
  expect(await judgeLadingScan(3, 'OK1', db)).toEqual({ kind: 'undecided' });

  // The next fetch asks for the changes since, and keeps the rest.
  answers.push(page({ full: false, next: 'changes-2', rows: [['OK1', S.cancelled, 0, 7, 40, null, null]] }));
  await syncSnapshot(db);
  expect(calls.at(-1)).toEqual({ cursor: 'changes-1', pageSize: 2000 });
  expect(await db.orders.count()).toBe(6);
  expect(await judgeLadingScan(1, 'OK1', db)).toMatchObject({ kind: 'refuse', reason: 'cancelled' });
  expect(await judgeLadingScan(1, 'HELD', db)).toMatchObject({ reason: 'intercepted' });
});

it('resumes a whole fetch where it stopped, and judges nothing until it ended', async () => {
  answers.push(
    page({ more: true, next: 'page-2', rows: [['OK1', S.received, 0, 7, 40, null, null]], ...reference }),
    new Error('offline'),
  );
  await syncSnapshot(db);
  expect(await judgeLadingScan(1, 'NOSUCH', db)).toEqual({ kind: 'undecided' });
  answers.push(page({ rows: [['OK2', S.received, 0, 7, 40, null, null]] }));
  await syncSnapshot(db);
  expect(calls.at(-1)).toEqual({ cursor: 'page-2', pageSize: 2000 });
  expect(await db.orders.count()).toBe(2);
  expect(await judgeLadingScan(1, 'NOSUCH', db)).toMatchObject({ reason: 'unknown' });
  expect(await judgeLadingScan(1, 'OK2', db)).toEqual({ kind: 'accept' });
});

it('judges from memory once read there, kept up to date by the fetches, dropped when forgotten', async () => {
  answers.push(page({ rows: [['OK1', S.received, 0, 7, 40, null, null]], ...reference }));
  await keepInMemory(db); // no snapshot yet: nothing to read
  expect(db.memory).toBeUndefined();
  await syncSnapshot(db);
  await keepInMemory(db);
  expect([...db.memory!.keys()]).toEqual(['OK1']);
  // Judged without IndexedDB: a read of it would fail.
  const get = vi.spyOn(db.orders, 'get').mockRejectedValue(new Error('read from IndexedDB'));
  expect(await judgeLadingScan(1, 'OK1', db)).toEqual({ kind: 'accept' });
  answers.push(page({ full: false, next: 'changes-2', rows: [['OK2', S.received, 2, 7, 40, null, null]] }));
  await syncSnapshot(db);
  expect(await judgeLadingScan(1, 'OK2', db)).toMatchObject({ reason: 'intercepted' });
  expect(get).not.toHaveBeenCalled();
  get.mockRestore();
  await forgetSnapshot(db);
  expect(db.memory).toBeUndefined();
  expect(await judgeLadingScan(1, 'OK1', db)).toEqual({ kind: 'undecided' });
});

it('keeps the rows a fetch wrote while the orders were being read into memory', async () => {
  const rows = Array.from(
    { length: 4_500 },
    (_, i) => [`N${String(i).padStart(5, '0')}`, S.received, 0, 7, 40, null, null] as ScanSnapshot['rows'][0],
  );
  answers.push(page({ rows, ...reference }));
  await syncSnapshot(db);
  answers.push(
    page({ full: false, next: 'changes-2', rows: [['N00001', S.cancelled, 0, 7, 40, null, null]] }),
  );
  await Promise.all([keepInMemory(db), syncSnapshot(db)]);
  expect(db.memory!.size).toBe(4_500);
  expect(await judgeLadingScan(1, 'N00001', db)).toMatchObject({ reason: 'cancelled' });
  expect(await judgeLadingScan(1, 'N04499', db)).toEqual({ kind: 'accept' });
});
