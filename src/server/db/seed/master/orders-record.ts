import {
  AbnormalKind,
  endsDelivery,
  OrderCheckStatus,
  OrderNode,
  SignStatus,
} from '../../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { HOUR, round } from './orders-basics.ts';
import {
  CANCEL_REASONS,
  CUSTOMS_POINT,
  DELIVERY_FAILURES,
  ORIGIN_HUBS,
  REMARKS,
  SEA_CUSTOMS,
  SEA_PORT,
} from './orders-data.ts';
import type { PlannedParcel } from './orders-parcel.ts';
import type { PlannedReceipt } from './orders-receipt.ts';
import type { PlanContext, PlannedEvent, PlanState } from './orders-state.ts';
import type { PlannedTimeline } from './orders-timeline.ts';

/**
 * The last part of one demo order's plan, written to the plan's rows: its status events (with the
 * carrier's codes once it has one) and failed deliveries, its abnormal marks, its remarks, its
 * events in the order the module writes them, and the order itself. `i` is the order's place.
 */
export function recordOrder(
  ctx: PlanContext,
  state: PlanState,
  i: number,
  p: PlannedParcel,
  t: PlannedTimeline,
  c: PlannedReceipt,
) {
  const { r, cutoff } = ctx;
  const { staff, carrierCode, sensitiveOf } = ctx.master;
  const { id, trackingNo, customerNo, custId, created, createdBy, channel, country, dest, route } = p;
  const { arabicName, first, consigneeName, phoneOf, address, at, postcode, sender, declaredWeight } = p;
  const { sides, packingType, packageCount, lines, isCod, codAmount, codCurrency } = p;
  const { steps, cancelAt, events, abnormals, interceptState } = t;
  const { status, receivedAt, doneFailures, depotRow, receiver, fromChina, checkedWeight, checkedAt } = c;
  const { carrier, carrierNo, volumeWeight, chargeableWeight } = c;
  const { abnormalPlans, remarkValues, eventValues, orderValues } = state;
  const h = (a: number, b: number) => r.between(a, b) * HOUR;

  // Status events (each holds the status it moved to and the one before).
  let previous: number = OrderStatus.created;
  events.push({
    node: OrderNode.created,
    carrierId: null,
    status: OrderStatus.created,
    fromStatus: null,
    location: '',
    description: '',
    isPublic: true,
    at: created,
    operatorId: createdBy,
  });
  const city = at(2)?.nameEn ?? at(1)?.nameEn ?? dest.region.nameEn;
  const byCarrier = (std: string) =>
    carrier && (carrierCode.get(`${carrier.id}:${std}`) ?? null) !== null
      ? { node: carrierCode.get(`${carrier.id}:${std}`)!, carrierId: carrier.id }
      : { node: std, carrierId: null };
  const canceller = r.chance(0.6) ? createdBy : staff.service;
  for (const s of steps) {
    let where = '';
    let description = '';
    let operatorId: number | null = null;
    let node: { node: string; carrierId: number | null } = { node: s.node, carrierId: null };
    switch (s.status) {
      case OrderStatus.received:
      case OrderStatus.inLading:
        where = depotRow?.name ?? (country === 'EG' ? 'Cairo' : '');
        operatorId = s.status === OrderStatus.received ? receiver : staff.operator;
        break;
      case OrderStatus.pickedUp:
        where = fromChina ? (depotRow?.code === 'YIW01' ? 'Yiwu' : 'Shenzhen') : city;
        if (!fromChina) node = byCarrier(s.node);
        break;
      case OrderStatus.inTransit:
        where = route === 'sea' ? SEA_PORT : r.pick(ORIGIN_HUBS);
        break;
      case OrderStatus.customsClearance:
        where = (route === 'sea' ? SEA_CUSTOMS[country] : undefined) ?? CUSTOMS_POINT[country];
        break;
      case OrderStatus.arrivedOverseas:
        where = at(1)?.nameEn ?? dest.region.nameEn;
        node = byCarrier(s.node);
        break;
      case OrderStatus.outForDelivery:
      case OrderStatus.returned:
        where = city;
        node = byCarrier(s.node);
        break;
      case OrderStatus.signed:
        where = city;
        node = byCarrier(s.node);
        description = isCod ? `COD ${codCurrency} ${codAmount} collected` : '';
        break;
      case OrderStatus.cancelled:
        operatorId = canceller;
        break;
    }
    events.push({
      node: node.node,
      carrierId: node.carrierId,
      status: s.status,
      fromStatus: previous,
      location: where,
      description,
      isPublic: s.node !== 'IN_LADING',
      at: s.at,
      operatorId,
    });
    previous = s.status;
  }
  for (const f of doneFailures)
    if (steps.some((s) => s.status === OrderStatus.outForDelivery && s.at < f)) {
      const node = byCarrier('DELIVERY_FAILED');
      events.push({
        ...node,
        status: null,
        fromStatus: null,
        location: city,
        description: r.pick(DELIVERY_FAILURES),
        isPublic: true,
        at: f,
        operatorId: null,
      });
    }

  // Abnormal marks: sensitive goods (flagged at entry), addresses customer service must confirm.
  if (r.chance(status <= OrderStatus.received ? 0.03 : 0.008)) {
    const flagged = created + h(0.2, 4);
    const handledAt = status <= OrderStatus.received ? null : flagged + h(4, 30);
    abnormals.push({
      kind: AbnormalKind.addressUnconfirmed,
      detail: {},
      at: Math.min(flagged, cutoff),
      handledAt: handledAt !== null && handledAt < cutoff ? handledAt : null,
      handledBy: staff.service,
    });
  }
  const words = [...new Set(lines.flatMap((g) => sensitiveOf.get(g) ?? []))];
  if (words.length) {
    // Customer service clears flagged goods before the parcel is added to a lading bill.
    const cleared = receivedAt !== null && status !== OrderStatus.received ? receivedAt + h(0.5, 6) : null;
    abnormals.push({
      kind: AbnormalKind.sensitiveGoods,
      detail: { words },
      at: created,
      handledAt: cleared !== null && cleared < cutoff ? cleared : null,
      handledBy: staff.service,
    });
  }
  abnormalPlans.push(...abnormals.map((a) => ({ orderIndex: i, a })));

  // Remarks (a cancellation's reason is kept as a remark, as cancelOrder does).
  if (cancelAt !== null && status === OrderStatus.cancelled && r.chance(0.6))
    remarkValues.push({
      orderId: id,
      content: r.pick(CANCEL_REASONS),
      createdBy: canceller,
      createdAt: new Date(cancelAt),
    });
  if (r.chance(0.12)) {
    const last = Math.max(created, ...events.map((e) => e.at));
    for (let k = r.int(1, 2); k > 0; k--) {
      const when = Math.min(cutoff, created + (last - created) * r.next() + h(0.1, 2));
      remarkValues.push({
        orderId: id,
        content: r.pick(REMARKS),
        createdBy: r.weighted([
          [staff.service, 4],
          [staff.operator, 3],
          [createdBy, 3],
        ] as const),
        createdAt: new Date(when),
      });
    }
  }

  // In the order the module writes them: a status move, then the carrier, then the weighing.
  const rank = (e: PlannedEvent) =>
    e.status !== null ? 0 : e.node === OrderNode.carrierAssigned ? 1 : e.node === OrderNode.weighed ? 2 : 3;
  events.sort((a, b) => a.at - b.at || rank(a) - rank(b));
  for (const e of events)
    eventValues.push({
      orderId: id,
      node: e.node,
      carrierId: e.carrierId,
      status: e.status,
      fromStatus: e.fromStatus,
      location: e.location,
      description: e.description,
      isPublic: e.isPublic,
      occurredAt: new Date(e.at),
      operatorId: e.operatorId,
      createdAt: new Date(e.at),
    });

  const lastAt = Math.max(created, ...events.map((e) => e.at));
  orderValues.push({
    id,
    trackingNo,
    customerNo,
    customerId: custId,
    createdBy,
    channelId: channel.id,
    senderName: sender?.contact ?? '',
    senderPhone: sender?.phone ?? '',
    senderCompany: '',
    senderRegionId: sender?.regionId ?? null,
    senderAddress: sender?.address ?? '',
    senderPostcode: sender?.postCode ?? '',
    consigneeName,
    consigneePhone: phoneOf(),
    consigneePhone2: r.chance(0.1) ? phoneOf() : '',
    consigneeEmail: r.chance(0.15)
      ? `${(arabicName ? first[0] : consigneeName.split(' ')[0]!).toLowerCase()}.${r.digits(3)}@example.com`
      : '',
    consigneeCountryId: dest.region.id,
    consigneeProvinceId: at(1)?.id ?? null,
    consigneeCityId: at(2)?.id ?? null,
    consigneeDistrictId: at(3)?.id ?? null,
    consigneeProvince: at(1)?.nameEn ?? '',
    consigneeCity: at(2)?.nameEn ?? '',
    consigneeDistrict: at(3)?.nameEn ?? '',
    consigneeAddress: address,
    consigneePostcode: postcode,
    packingType,
    packageCount,
    declaredWeight: round(Number(declaredWeight), 3),
    checkedWeight,
    length: sides.length,
    width: sides.width,
    height: sides.height,
    volumeWeight,
    chargeableWeight,
    isCod,
    codAmount,
    codCurrency,
    payment: isCod ? 1 : 0,
    carrierId: carrier?.id ?? null,
    carrierTrackingNo: carrierNo,
    carrierAssignedAt: carrier && receivedAt !== null ? new Date(receivedAt) : null,
    status,
    checkStatus: checkedWeight === null ? OrderCheckStatus.pending : OrderCheckStatus.checked,
    signStatus: status === OrderStatus.signed ? SignStatus.full : SignStatus.notSigned,
    interceptState,
    abnormalFlags: 0,
    receivedDepotId: receivedAt !== null ? (depotRow?.id ?? null) : null,
    createdAt: new Date(created),
    arrivedAt: receivedAt === null ? null : new Date(receivedAt),
    checkedAt: checkedAt === null ? null : new Date(checkedAt),
    cancelledAt: status === OrderStatus.cancelled && cancelAt !== null ? new Date(cancelAt) : null,
    finishedAt: endsDelivery(status) ? new Date(steps[steps.length - 1]!.at) : null,
    updatedAt: new Date(lastAt),
  });
}
