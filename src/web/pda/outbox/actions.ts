import type { ScanBody } from '../../../shared/contract/lading.ts';
import type { Wired } from '../../../shared/contract/wired.ts';
import type { PdaBillType } from '../../api/queries/pda.ts';
import { wire } from '../../api/wire-endpoints.ts';
import type { OutboxRequest } from './db.ts';

/**
 * Every action the PDA queues, by kind (`<bill type>.<verb>`), and the contract call it becomes.
 * All are replayable calls: the server keeps (user, Idempotency-Key) → answer, so an entry sent
 * twice (a retry after a lost answer, a crash mid-send) counts once.
 */
export type BillType = PdaBillType;

export type BillVerb = 'scan' | 'confirm' | 'pickup' | 'cancel';

export const ACTION_ENDPOINTS = {
  'lading.scan': wire.lading.scanTrackingNo,
  'lading.confirm': wire.lading.confirm,
  'lading.pickup': wire.lading.confirmPickup,
  'lading.cancel': wire.lading.cancel,
  'batch.scan': wire.batch.scanLading,
  'batch.pickup': wire.batch.confirmPickup,
  'batch.cancel': wire.batch.cancel,
  'overseas.scan': wire.overseasLading.scanTrackingNo,
  'overseas.confirm': wire.overseasLading.confirm,
  'overseas.pickup': wire.overseasLading.confirmPickup,
  'overseas.cancel': wire.overseasLading.cancel,
  'package.scan': wire.pkg.scanTrackingNo,
  'package.confirm': wire.pkg.confirm,
  'package.pickup': wire.pkg.confirmPickup,
  'package.cancel': wire.pkg.cancel,
  'exchange.scan': wire.exchange.scan,
  'exchange.scanCombined': wire.exchange.scanCombined,
} as const satisfies Record<string, Wired>;

export type ActionKind = keyof typeof ACTION_ENDPOINTS;

export const isActionKind = (kind: string): kind is ActionKind => Object.hasOwn(ACTION_ENDPOINTS, kind);

export function endpointOf(kind: string): Wired {
  if (!isActionKind(kind)) throw new Error(`unknown outbox action ${kind}`);
  return ACTION_ENDPOINTS[kind];
}

/** The action kind of a verb on a bill type, if the PDA offers it (a batch has no confirm). */
export function billAction(type: BillType, verb: BillVerb): ActionKind | undefined {
  const kind = `${type}.${verb}`;
  return isActionKind(kind) ? kind : undefined;
}

/** The `target` of entries about one bill (entries of one target keep their order). */
export const targetOf = (type: BillType, id: number): string => `${type}:${id}`;

/** What a bill action sends: scans carry the code and the device's time of the scan. */
export function billRequest(
  verb: BillVerb,
  billId: number,
  code?: string,
  scannedAt?: string,
): OutboxRequest {
  switch (verb) {
    case 'scan':
      return { params: { id: billId }, body: { trackingNo: code ?? '', scannedAt } satisfies ScanBody };
    case 'confirm':
      return { body: { ids: [billId] } };
    case 'pickup':
    case 'cancel':
      return { params: { id: billId }, body: {} };
  }
}
