import { AbnormalKind, OrderNode } from '../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../src/shared/domain/order-status.ts';
import { rng } from './harness.ts';
import { ARABIC_FAMILY, ARABIC_FIRST, FAMILY, FIRST, PREFIX } from './order-names.ts';

/** The generated orders (order-load.ts): each order from its own seed, the same every time it is asked for. */

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
export const CUSTOMERS = 200;
export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** A channel's price rule for one destination (channel_prices), as order-fees.ts reads it. */
export interface Rule {
  currency: string;
  firstWeight: string;
  firstPrice: string;
  stepWeight: string;
  stepPrice: string;
  /** percent */
  codFeeRate: string;
  minCodFee: string;
  volumeDivisor: number;
}

export interface World {
  now: number;
  /** Order i gets id idBase + i (the seed's origin orders come first). */
  idBase: number;
  customers: { id: number; code: string }[];
  customerWeights: number[];
  creator: number;
  operator: number;
  channels: {
    id: number;
    code: string;
    sea: boolean;
    local: boolean;
    countries: {
      code: string;
      cities: { country: number; province: number; city: number; pn: string; cn: string }[];
      rule: Rule | null;
    }[];
    carrier: { id: number; code: string } | null;
  }[];
  channelWeights: number[];
}

export const pickWeighted = (weights: number[], x: number) => {
  let k = 0;
  for (; k < weights.length - 1; k++) {
    x -= weights[k]!;
    if (x < 0) break;
  }
  return k;
};

export interface Gen {
  id: number;
  trackingNo: string;
  customerNo: string;
  customerId: number;
  channel: World['channels'][number];
  countryCode: string;
  /** The channel's price rule for the destination. */
  rule: Rule | null;
  city: World['channels'][number]['countries'][number]['cities'][number];
  consigneeName: string;
  consigneePhone: string;
  address: string;
  weight: string;
  isCod: boolean;
  codAmount: string;
  created: number;
  steps: { status: number; node: string; at: number }[];
  status: number;
  goods: number;
  /** Weighed at the warehouse. */
  checked: boolean;
  /** orders.abnormal_flags: one order in 200 has a pending mark (bit 1 no carrier … bit 6 no price). */
  abnormal: number;
  interceptState: number;
  /** A mark customer service has handled since (a kind), or 0. */
  handled: number;
}

/** The kinds of handled marks, by how often each comes up. */
export const HANDLED_KINDS: [kind: number, weight: number][] = [
  [AbnormalKind.weightDiscrepancy, 40],
  [AbnormalKind.sensitiveGoods, 25],
  [AbnormalKind.addressUnconfirmed, 15],
  [AbnormalKind.noCarrier, 10],
  [AbnormalKind.noPrice, 5],
  [AbnormalKind.intercepted, 5],
];
export const HANDLED_TOTAL = HANDLED_KINDS.reduce((n, [, w]) => n + w, 0);

/** Order i (1-based), the same every time it is asked for. */
export function orderAt(w: World, i: number): Gen {
  const r = rng(i * 2_654_435_761);
  const span = 365 * DAY;
  const created = w.now - span + ((i - 0.5) / ORDERS) * (span - HOUR) + (r() - 0.5) * 20 * 60_000;
  const cust = w.customers[pickWeighted(w.customerWeights, r())]!;
  const channel = w.channels[pickWeighted(w.channelWeights, r())]!;
  const dest = channel.countries[Math.floor(r() * channel.countries.length)]!;
  const city = dest.cities[Math.floor(r() * dest.cities.length)]!;
  const arabic = r() < 0.3;
  const consigneeName = arabic
    ? `${ARABIC_FIRST[Math.floor(r() * ARABIC_FIRST.length)]} ${ARABIC_FAMILY[Math.floor(r() * ARABIC_FAMILY.length)]}`
    : `${FIRST[Math.floor(r() * FIRST.length)]} ${FAMILY[Math.floor(r() * FAMILY.length)]}`;
  const phone = `${PREFIX[dest.code] ?? '+966 5'}${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
  const weight = (channel.sea ? 8 + r() * 30 : 0.2 + r() ** 2 * 4).toFixed(3);
  const isCod = !channel.sea && r() < 0.45;
  // The main line with plausible gaps, then a fate: never shipped, cancelled, returned, lost.
  const steps: Gen['steps'] = [];
  let t = created;
  const step = (status: number, node: string, minH: number, maxH: number) => {
    t += (minH + r() * (maxH - minH)) * HOUR;
    steps.push({ status, node, at: t });
  };
  step(OrderStatus.received, OrderNode.received, 6, 60);
  step(OrderStatus.pickedUp, 'PICKED_UP', 10, 60);
  if (!channel.local) step(OrderStatus.inTransit, 'IN_TRANSIT', channel.sea ? 48 : 6, channel.sea ? 600 : 30);
  if (!channel.local) step(OrderStatus.arrivedOverseas, 'ARRIVED', 24, 90);
  step(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 10, 40);
  step(OrderStatus.signed, 'SIGNED', 3, 30);
  const fate = r();
  let path = steps;
  if (fate < 0.02) path = [];
  else if (fate < 0.06) {
    const at = created + r() * (steps[0]!.at - created);
    path = [{ status: OrderStatus.cancelled, node: OrderNode.cancelled, at }];
  } else if (fate < 0.09) {
    path = steps.filter((s) => s.status !== OrderStatus.signed);
    path.push({ status: OrderStatus.returned, node: 'RETURNED', at: t + 72 * HOUR });
  } else if (fate < 0.095) {
    path = steps.slice(0, 2);
    path.push({ status: OrderStatus.lost, node: 'LOST', at: path[1]!.at + 10 * DAY });
  }
  path = path.filter((s) => s.at < w.now - 60_000);
  const status = path.length ? path[path.length - 1]!.status : OrderStatus.created;
  const address = `${1000 + Math.floor(r() * 9000)} King Fahd Road, Unit ${1 + Math.floor(r() * 40)}`;
  const codAmount = isCod ? (49 + Math.floor(r() * 45) * 10).toFixed(2) : '0';
  const goods = r() < 0.7 ? 1 : r() < 0.8 ? 2 : 3;
  const received = path.some((s) => s.status === OrderStatus.received);
  const checked = received && r() < 0.8;
  const abnormal = r() < 0.005 ? 1 << Math.floor(r() * 6) : 0;
  const interceptState = r() < 0.003 ? 2 : 0;
  // Three received orders in a hundred had a problem customer service has dealt with since.
  const handled =
    received && r() < 0.03
      ? HANDLED_KINDS[
          pickWeighted(
            HANDLED_KINDS.map(([, x]) => x / HANDLED_TOTAL),
            r(),
          )
        ]![0]
      : 0;
  return {
    id: w.idBase + i,
    trackingNo: `GL${String(1_000_000_000 + i).padStart(10, '0')}`,
    customerNo: `${cust.code}-${String(i).padStart(8, '0')}`,
    customerId: cust.id,
    channel,
    countryCode: dest.code,
    rule: dest.rule,
    city,
    consigneeName,
    consigneePhone: phone,
    address,
    weight,
    isCod,
    codAmount,
    created,
    steps: path,
    status,
    goods,
    checked,
    abnormal,
    interceptState,
    handled,
  };
}

export const carrierNo = (o: Gen) =>
  o.channel.carrier ? `${o.channel.carrier.code}${String(o.id).padStart(10, '0')}` : null;
export const receivedAt = (o: Gen) => o.steps.find((s) => s.status === OrderStatus.received)?.at ?? null;
