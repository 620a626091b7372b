import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import { OUTBOX_DB_NAME } from './peek.ts';

/**
 * Where an entry stands. `queued`: not yet acknowledged by the server (also while it waits to be
 * retried after a network failure or a 5xx). `done`: the server accepted it. `attention`: the
 * server refused it (4xx); it waits for the operator to retry or discard it. Whether an entry is
 * being sent right now is not stored: a crash mid-send leaves it `queued`, and it is sent again
 * with the same Idempotency-Key, so the server answers it once.
 */
export type EntryState = 'queued' | 'done' | 'attention';

/** The call as it goes on the wire, fixed when the entry is made, so every retry sends the same. */
export interface OutboxRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/** What the device made of a scan before queueing it. */
export interface ScanMarks {
  /**
   * 'accept': the scan snapshot's rule let it in (pda/scan/snapshot.ts); a refusal of it by the
   * server is a disagreement, which the scan screen counts.
   */
  snapshot?: 'accept' | undefined;
}

export interface OutboxEntry extends ScanMarks {
  /** Auto-increment: the order the actions were made in (FIFO). */
  id?: number;
  /** The UUID sent as Idempotency-Key, the same on every attempt. */
  key: string;
  /** The account that made it; only that account sees and sends it. */
  userId: number;
  /** The action (see actions.ts), e.g. `lading.scan`. */
  kind: string;
  /** The bill acted on, as `lading:12`; null for actions on no bill (exchange scans). */
  target: string | null;
  billId: number | null;
  /** The bill's number as the operator saw it, for the outbox screen. */
  billNo: string | null;
  /** The scanned code (tracking no), when the action is a scan. */
  code: string | null;
  /** Scans into one bill may reach the server in any order; other actions keep their place. */
  commutes: boolean;
  /** When the operator scanned or tapped (ISO 8601, UTC). */
  scannedAt: string;
  request: OutboxRequest;
  state: EntryState;
  /** Attempts that failed for a reason worth retrying (network, 5xx). */
  attempts: number;
  /** Epoch ms before which a retry waits (exponential backoff); 0 = at once. */
  nextAttemptAt: number;
  /** The server's message of the last refusal or failure. */
  message: string | null;
  /** HTTP status of the last answer; 0 for no answer (network). */
  status: number | null;
  /** The `data` of the server's success answer (an exchange scan's label data, for one). */
  result: unknown;
  /** When the server's answer arrived (ISO 8601). */
  answeredAt: string | null;
}

export type OutboxTable = EntityTable<OutboxEntry, 'id'>;

export { OUTBOX_DB_NAME } from './peek.ts';

/**
 * The PDA's offline outbox in IndexedDB. A new app version may add indexes in a new `version()`
 * block, never drop stored entries: the outbox survives updates.
 */
export class OutboxDb extends Dexie {
  entries!: OutboxTable;
  /** The durability of this connection's writes (a scan's own write goes past Dexie, add-unique.ts). */
  readonly durability: IDBTransactionDurability;

  constructor(name = OUTBOX_DB_NAME, options: DexieOptions = {}) {
    // "strict": the write of a scan is on disk before the operator hears "accepted". No cache of
    // live query results: a scan is written past Dexie (add-unique.ts), so Dexie's cache would not
    // know of it; the live queries read IndexedDB again when told of the change.
    const settings: DexieOptions = { chromeTransactionDurability: 'strict', cache: 'disabled', ...options };
    super(name, settings);
    this.durability = settings.chromeTransactionDurability ?? 'default';
    this.version(1).stores({
      entries: '++id, &key, userId, [userId+state], [userId+target], [userId+target+code]',
    });
    // A scan screen counts its bill's entries by state without reading them.
    this.version(2).stores({
      entries:
        '++id, &key, userId, [userId+state], [userId+target], [userId+target+code], [userId+target+state]',
    });
  }
}

let shared: OutboxDb | undefined;
let relaxed: OutboxDb | undefined;

/** The app's one outbox database (tests make their own). */
export function outboxDb(): OutboxDb {
  shared ??= new OutboxDb();
  return shared;
}

/**
 * At logout the answers the server gave this account (its done entries, with their label data)
 * leave the device; unsent and refused entries stay, seen and sent by this account alone.
 */
export function forgetAnswered(userId: number, db: OutboxDb = outboxDb()): Promise<number> {
  return db.entries.where('[userId+state]').equals([userId, 'done']).delete();
}

/**
 * The same database for writes that need not wait for the disk (the server's answers, see
 * OutboxDeps.answerDb): a scan's own write then never queues behind an answer's flush to disk.
 */
export function outboxAnswerDb(): OutboxDb {
  relaxed ??= new OutboxDb(OUTBOX_DB_NAME, { chromeTransactionDurability: 'relaxed' });
  return relaxed;
}
