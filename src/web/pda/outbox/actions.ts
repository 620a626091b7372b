import { batch } from '../../../shared/contract/batch.ts';
import type { EndpointDef } from '../../../shared/contract/core.ts';
import { exchange } from '../../../shared/contract/exchange.ts';
import { lading, type ScanBody } from '../../../shared/contract/lading.ts';
import { overseasLading } from '../../../shared/contract/overseas-lading.ts';
import { pkg } from '../../../shared/contract/package.ts';
import type { PdaBillType } from '../../api/queries/pda.ts';
import type { OutboxRequest } from './db.ts';

/**
 * Every action the PDA queues, by kind (`<bill type>.<verb>`), and the contract call it becomes.
 * All are replayable calls: the server keeps (user, Idempotency-Key) → answer, so an entry sent
 * twice (a retry after a lost answer, a crash mid-send) counts once.
 */
export type BillType = PdaBillType;

export type BillVerb = 'scan' | 'confirm' | 'pickup' | 'cancel';

export const ACTION_ENDPOINTS = {
  'lading.scan': lading.scanTrackingNo,
  'lading.confirm': lading.confirm,
  'lading.pickup': lading.confirmPickup,
  'lading.cancel': lading.cancel,
  'batch.scan': batch.scanLading,
  'batch.pickup': batch.confirmPickup,
  'batch.cancel': batch.cancel,
  'overseas.scan': overseasLading.scanTrackingNo,
  'overseas.confirm': overseasLading.confirm,
  'overseas.pickup': overseasLading.confirmPickup,
  'overseas.cancel': overseasLading.cancel,
  'package.scan': pkg.scanTrackingNo,
  'package.confirm': pkg.confirm,
  'package.pickup': pkg.confirmPickup,
  'package.cancel': pkg.cancel,
  'exchange.scan': exchange.scan,
  'exchange.scanCombined': exchange.scanCombined,
} as const satisfies Record<string, EndpointDef>;

export type ActionKind = keyof typeof ACTION_ENDPOINTS;

export const isActionKind = (kind: string): kind is ActionKind => Object.hasOwn(ACTION_ENDPOINTS, kind);

export function endpointOf(kind: string): EndpointDef {
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
