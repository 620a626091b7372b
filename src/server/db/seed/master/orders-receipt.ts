import {
  FeeExceptionReason,
  type FeeParcel,
  feesFor,
  weightsOf,
} from '../../../../shared/domain/order-fees.ts';
import { AbnormalKind, isWeightDiscrepancy, OrderNode } from '../../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { DAY, HOUR, round } from './orders-basics.ts';
import type { ChannelInfo } from './orders-master.ts';
import type { PlannedParcel } from './orders-parcel.ts';
import type { PlanContext, PlanState } from './orders-state.ts';
import type { PlannedTimeline } from './orders-timeline.ts';

/** Carrier numbers in each carrier's style; the carrier seed's free numbers use other prefixes. */
const NUMBER_STYLE: Record<string, (n: number) => string> = {
  SMSA: (n) => `2918${String(n).padStart(8, '0')}`,
  ARAMEX: (n) => `4471${String(n).padStart(7, '0')}`,
  IMILE: (n) => `6108${String(n).padStart(9, '0')}`,
  NAQEL: (n) => `35${String(n).padStart(8, '0')}`,
  JTSA: (n) => `JTS${String(n).padStart(10, '0')}`,
  ZAJIL: (n) => `ZJ${String(n).padStart(9, '0')}`,
  QPOST: (n) => `EQ${String(n).padStart(9, '0')}QA`,
  BHPOST: (n) => `EB${String(n).padStart(9, '0')}BH`,
  OMPOST: (n) => `EO${String(n).padStart(9, '0')}OM`,
  BOSTA: (n) => `7${String(n).padStart(7, '0')}`,
  SF: (n) => `SF${String(n).padStart(13, '0')}`,
  YUN: (n) => `YT${String(n).padStart(16, '0')}`,
};
const carrierNumber = (code: string, n: number) =>
  (NUMBER_STYLE[code] ?? ((k: number) => `${code}${String(k).padStart(10, '0')}`))(n);

/**
 * Where one demo order stands now (its timeline cut at the seed's time) and its receipt: the
 * depot, the weighing, the last-mile carrier and its number from the pool, and the fees or a fee
 * exception (written to the plan's pool, fee and fee exception rows).
 */
export function planReceipt(ctx: PlanContext, state: PlanState, p: PlannedParcel, t: PlannedTimeline) {
  const { r, now, cutoff } = ctx;
  const { staff, depot } = ctx.master;
  const { id, custId, channel, country, dest, route, sender, declaredWeight, hasSides, measure } = p;
  const { isCod, codAmount, codCurrency } = p;
  const { events, abnormals } = t;
  const { poolCounter, poolValues, poolImportedAt, feeValues, feeExceptionValues } = state;
  const h = (a: number, b: number) => r.between(a, b) * HOUR;

  // What has happened by now.
  t.steps = t.steps.filter((s) => s.at <= cutoff);
  const doneFailures = t.failures.filter((f) => f <= cutoff);
  const status = t.steps.length ? t.steps[t.steps.length - 1]!.status : OrderStatus.created;
  const receivedAt = t.steps.find((s) => s.status === OrderStatus.received)?.at ?? null;

  // Receipt: depot, weighing, carrier and number, fees.
  const fromChina = route !== 'local';
  const depotRow =
    channel.code === 'SA-LOCAL-COD'
      ? depot('RUH01')
      : channel.code === 'EG-LOCAL'
        ? null
        : sender?.address.includes('Yiwu')
          ? depot('YIW01')
          : depot('SZX01');
  const receiver = r.chance(0.7) ? staff.pda : staff.operator;
  let checkedWeight: string | null = null;
  let checkedAt: number | null = null;
  let carrier: ChannelInfo['carriers'][number] | null = null;
  let carrierNo: string | null = null;
  let volumeWeight: string;
  let chargeableWeight: string;
  const divisor = channel.divisor;
  ({ volumeWeight, chargeableWeight } = weightsOf(divisor, {
    weightKg: declaredWeight,
    lengthCm: p.sides.length,
    widthCm: p.sides.width,
    heightCm: p.sides.height,
  }));
  if (receivedAt !== null) {
    if (r.chance(route === 'local' ? 0.5 : 0.8)) {
      const off = r.chance(0.07);
      const factor = off
        ? r.chance(0.7)
          ? r.between(1.25, 1.8)
          : r.between(0.5, 0.8)
        : r.between(0.94, 1.06);
      let checked = Number(declaredWeight) * factor;
      if (off && Math.abs(checked - Number(declaredWeight)) <= 0.1) checked = Number(declaredWeight) + 0.25;
      checkedWeight = round(checked, 3);
      checkedAt = receivedAt;
      if (!hasSides && r.chance(0.5)) p.sides = measure();
      const dims = p.sides.length ? ` ${p.sides.length}×${p.sides.width}×${p.sides.height} cm` : '';
      events.push({
        node: OrderNode.weighed,
        carrierId: null,
        status: null,
        fromStatus: null,
        location: depotRow?.name ?? '',
        description: `${checkedWeight} kg${dims}`,
        isPublic: false,
        at: receivedAt,
        operatorId: receiver,
      });
      if (isWeightDiscrepancy(declaredWeight, checkedWeight)) {
        const handledAt =
          status === OrderStatus.received || status === OrderStatus.inLading ? null : receivedAt + h(1, 20);
        abnormals.push({
          kind: AbnormalKind.weightDiscrepancy,
          detail: { declared: round(Number(declaredWeight), 3), checked: checkedWeight },
          at: receivedAt,
          handledAt: handledAt !== null && handledAt < cutoff ? handledAt : null,
          handledBy: staff.operator,
        });
      }
    }

    // A channel without the last mile (first leg and clearance) gives no carrier and no number:
    // the customer books its own last mile. Else one of the channel's carriers that deliver in the
    // destination, in the channel's order.
    if (channel.lastMile) {
      const local = channel.carriers.filter((c) => c.countryId === dest.region.id);
      const candidates = local.length ? local : channel.carriers;
      const noCarrier = status === OrderStatus.received && receivedAt > now - 3 * DAY && r.chance(0.2);
      if (noCarrier || candidates.length === 0) {
        abnormals.push({
          kind: AbnormalKind.noCarrier,
          detail: {
            reason:
              candidates.length === 0 ? 'noChannelCarrier' : r.chance(0.6) ? 'poolEmpty' : 'volumeLimit',
          },
          at: receivedAt,
          handledAt: null,
          handledBy: null,
        });
      } else {
        carrier = r.weighted(candidates.map((c, k) => [c, 0.35 ** k] as const));
        const n = (poolCounter.get(carrier.code) ?? 0) + 1;
        poolCounter.set(carrier.code, n);
        carrierNo = carrierNumber(carrier.code, 100_000 + n * 7 + (n % 3));
        poolValues.push({
          carrierId: carrier.id,
          trackingNo: carrierNo,
          orderId: id,
          usedAt: new Date(receivedAt),
          createdAt: poolImportedAt,
        });
        events.push({
          node: OrderNode.carrierAssigned,
          carrierId: null,
          status: null,
          fromStatus: null,
          location: depotRow?.name ?? '',
          description: `${carrier.code} ${carrierNo}`,
          isPublic: false,
          at: receivedAt,
          operatorId: receiver,
        });
      }
    }

    // Fees, or a fee exception (still pending while the order waits at the warehouse).
    const rule = channel.prices.get(dest.region.id);
    const exception = !rule || r.chance(status === OrderStatus.received ? 0.2 : 0.012);
    const resolvedAt = exception && rule && status !== OrderStatus.received ? receivedAt + h(20, 60) : null;
    const pricedAt = resolvedAt !== null && resolvedAt < cutoff ? resolvedAt : exception ? null : receivedAt;
    const parcel: FeeParcel = {
      weightKg: checkedWeight ?? declaredWeight,
      lengthCm: p.sides.length,
      widthCm: p.sides.width,
      heightCm: p.sides.height,
      isCod,
      codAmount,
      codCurrency,
    };
    if (exception) {
      const detail = {
        channel: channel.code,
        countryCode: country,
        countryCn: dest.region.nameCn,
        countryEn: dest.region.nameEn,
        countryAr: dest.region.nameAr,
      };
      feeExceptionValues.push({
        orderId: id,
        customerId: custId,
        reason: FeeExceptionReason.noRule,
        detail,
        state: pricedAt === null ? 0 : 1,
        createdAt: new Date(receivedAt),
        resolvedAt: pricedAt === null ? null : new Date(pricedAt),
      });
      abnormals.push({
        kind: AbnormalKind.noPrice,
        detail: { reason: FeeExceptionReason.noRule, ...detail },
        at: receivedAt,
        handledAt: pricedAt,
        handledBy: null,
      });
    }
    if (rule && pricedAt !== null) {
      const codFeeRate = round(Number(rule.codFeeRate) * 100, 2);
      const fees = feesFor(
        {
          firstWeight: rule.firstWeight,
          firstPrice: rule.firstPrice,
          stepWeight: rule.stepWeight,
          stepPrice: rule.stepPrice,
          codFeeRate,
          minCodFee: rule.minCodFee,
          volumeDivisor: divisor,
          currency: rule.currency,
        },
        parcel,
      );
      volumeWeight = fees.volumeWeight;
      chargeableWeight = fees.chargeableWeight;
      const basis = {
        weightKg: String(parcel.weightKg),
        lengthCm: p.sides.length,
        widthCm: p.sides.width,
        heightCm: p.sides.height,
        volumeDivisor: divisor,
        volumeWeight: fees.volumeWeight,
        codAmount: isCod ? codAmount : null,
        codCurrency: isCod ? codCurrency : null,
        rule: {
          currency: rule.currency,
          firstWeight: rule.firstWeight,
          firstPrice: rule.firstPrice,
          stepWeight: rule.stepWeight,
          stepPrice: rule.stepPrice,
          codFeeRatePercent: codFeeRate,
          minCodFee: rule.minCodFee,
        },
      };
      for (const l of fees.lines)
        feeValues.push({
          orderId: id,
          customerId: custId,
          feeType: l.feeType,
          amount: l.amount,
          currency: l.currency,
          chargeableWeight: fees.chargeableWeight,
          priceRuleId: rule.id,
          basis,
          computedAt: new Date(pricedAt),
        });
    } else ({ volumeWeight, chargeableWeight } = weightsOf(divisor, parcel));
  }

  return {
    status,
    receivedAt,
    doneFailures,
    depotRow,
    receiver,
    fromChina,
    checkedWeight,
    checkedAt,
    carrier,
    carrierNo,
    volumeWeight,
    chargeableWeight,
  };
}

export type PlannedReceipt = ReturnType<typeof planReceipt>;
