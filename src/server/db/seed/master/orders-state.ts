import type { AbnormalKind } from '../../../../shared/domain/order-rules.ts';
import type {
  feeDetails,
  feeExceptions,
  orderEvents,
  orderGoods,
  orderIntercepts,
  orderRemarks,
  orders,
  trackingNumbers,
} from '../../schema/index.ts';
import type { Rng } from './orders-basics.ts';
import type { OrderMaster } from './orders-master.ts';

/**
 * The shapes the demo orders' plan (orders-plan.ts) and its steps share: what each step reads and
 * the rows planned so far. Apart from the plan, so the steps need not import the module that
 * imports them.
 */

export interface PlannedEvent {
  node: string;
  carrierId: number | null;
  status: number | null;
  fromStatus: number | null;
  location: string;
  description: string;
  isPublic: boolean;
  at: number;
  operatorId: number | null;
}

export interface PlannedAbnormal {
  kind: AbnormalKind;
  detail: Record<string, unknown>;
  at: number;
  handledAt: number | null;
  handledBy: number | null;
}

export interface Step {
  status: number;
  node: string;
  at: number;
}

export interface Base {
  cust: 'DEMO' | 'OTHER';
  createdAt: number;
}

/** What every step reads: the generator, the seed's time, the master data. */
export interface PlanContext {
  r: Rng;
  now: number;
  /** Nothing happens after this (a few minutes before now). */
  cutoff: number;
  master: OrderMaster;
}

/** The rows planned so far, and the counters that run across orders. */
export interface PlanState {
  orderValues: (typeof orders.$inferInsert)[];
  goodsValues: (typeof orderGoods.$inferInsert)[];
  eventValues: (typeof orderEvents.$inferInsert)[];
  remarkValues: (typeof orderRemarks.$inferInsert)[];
  interceptValues: (typeof orderIntercepts.$inferInsert)[];
  abnormalPlans: { orderIndex: number; a: PlannedAbnormal; pendingUntilStatus?: boolean }[];
  feeValues: (typeof feeDetails.$inferInsert)[];
  feeExceptionValues: (typeof feeExceptions.$inferInsert)[];
  poolValues: (typeof trackingNumbers.$inferInsert)[];
  /** Numbers added to each carrier's pool, by carrier code. */
  poolCounter: Map<string, number>;
  /** DEMO's last shop order number. */
  demoNo: number;
  /** OTHER's orders by day (yymmdd), for its dated numbers. */
  otherDaily: Map<string, number>;
  poolImportedAt: Date;
  pendingIntercepts: number;
}
