/** The PDA outbox against a fresh fake IndexedDB and a scripted server, for its unit tests. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ApiError } from '../../../src/web/api/errors.ts';
import { OutboxDb, type OutboxEntry } from '../../../src/web/pda/outbox/db.ts';
import type { OutboxDeps } from '../../../src/web/pda/outbox/drain.ts';
import type { NewEntry } from '../../../src/web/pda/outbox/new-entry.ts';
import { Outbox } from '../../../src/web/pda/outbox/outbox.ts';

/** A fresh IndexedDB per test (fake-indexeddb), opened as the app opens it. */
export function freshIdb() {
  const indexedDB = new IDBFactory();
  return () => new OutboxDb('pda-outbox-test', { indexedDB, IDBKeyRange });
}

const opened: OutboxDb[] = [];
const started: Outbox[] = [];

/** Stops the outboxes and closes the databases a test made (call it in afterEach). */
export function closeOutboxes() {
  for (const outbox of started.splice(0)) outbox.stop();
  for (const db of opened.splice(0)) db.close();
}

export interface Sent {
  id: number;
  key: string;
  code: string | null;
  kind: string;
}

/** The server side of a test: records each call, answers as `answer` says (default: success). */
export function fakeServer(answer: (entry: OutboxEntry, nth: number) => unknown = () => ({ ok: true })) {
  const calls: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send: OutboxDeps['send'] = async (entry) => {
    calls.push({ id: entry.id!, key: entry.key, code: entry.code, kind: entry.kind });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 2));
      const result = answer(entry, calls.filter((c) => c.id === entry.id).length);
      if (result instanceof Error) throw result;
      return result;
    } finally {
      inFlight -= 1;
    }
  };
  return {
    send,
    calls,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

export const refused = (status: number, msg: string) =>
  new ApiError({ kind: 'response', status, code: 0, msg });
export const noNetwork = () =>
  new ApiError({ kind: 'network', status: 0, code: undefined, msg: 'TypeError: Failed to fetch' });

let keys = 0;
export function makeOutbox(
  open: () => OutboxDb,
  userId: number,
  send: OutboxDeps['send'],
  more: Partial<OutboxDeps> = {},
): Outbox {
  const db = open();
  opened.push(db);
  const outbox = new Outbox({
    db,
    userId,
    send,
    lock: (_name, run) => run(),
    random: () => 0.5,
    newKey: () => `00000000-0000-4000-8000-${String(++keys).padStart(12, '0')}`,
    pollMs: 60_000,
    ...more,
  });
  started.push(outbox);
  return outbox;
}

export const scan = (code: string, bill = 7): NewEntry & { target: string; code: string } => ({
  kind: 'lading.scan',
  target: `lading:${bill}`,
  billId: bill,
  billNo: `LD${bill}`,
  code,
  commutes: true,
  request: { params: { id: bill }, body: { trackingNo: code } },
});

export const pickup = (bill = 7): NewEntry => ({
  kind: 'lading.pickup',
  target: `lading:${bill}`,
  billId: bill,
  commutes: false,
  request: { params: { id: bill } },
});

export const entries = (outbox: Outbox) =>
  (outbox as unknown as { db: OutboxDb }).db.entries.orderBy('id').toArray();
