import type { OutboxEntry, OutboxRequest } from './db.ts';

export interface NewEntry {
  kind: string;
  target: string | null;
  billId?: number | null;
  billNo?: string | null;
  code?: string | null;
  commutes: boolean;
  request: OutboxRequest;
  /** Defaults to now. */
  scannedAt?: string;
}

/** A new action as the outbox stores it: queued, not yet tried, with its Idempotency-Key. */
export function newOutboxEntry(input: NewEntry, userId: number, key: string, scannedAt: string): OutboxEntry {
  return {
    key,
    userId,
    kind: input.kind,
    target: input.target,
    billId: input.billId ?? null,
    billNo: input.billNo ?? null,
    code: input.code ?? null,
    commutes: input.commutes,
    scannedAt,
    request: input.request,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    message: null,
    status: null,
    result: null,
    answeredAt: null,
  };
}
