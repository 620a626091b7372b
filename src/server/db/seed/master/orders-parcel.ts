import { DEMO_NO_PREFIX, HOUR, money, round } from './orders-basics.ts';
import {
  addressLine,
  COD_RANGE,
  CURRENCY,
  expatNames,
  FX,
  familyNames,
  firstNames,
  GOODS,
  type Goods,
  PHONES,
  STREETS,
} from './orders-data.ts';
import { CHANNEL_USE, routeOf } from './orders-master.ts';
import type { Base, PlanContext, PlanState } from './orders-state.ts';

/**
 * The first part of one demo order's plan: its customer, channel and destination, its numbers,
 * consignee, sender, parcel, goods (written to the plan's goods rows) and cash on delivery.
 */
export function planParcel(ctx: PlanContext, state: PlanState, base: Base, id: number, trackingNo: string) {
  const { r } = ctx;
  const { customerId, creators, usable, countries, senders, sensitiveOf } = ctx.master;
  const { goodsValues, otherDaily } = state;
  const cust = base.cust;
  const custId = customerId.get(cust)!;
  const created = base.createdAt;
  const createdBy = r.weighted(creators[cust]!);
  const channel = r.weighted(usable[cust]);
  const use = CHANNEL_USE[channel.code]!;
  let country = r.weighted(use.to);
  if (!countries.has(country)) country = [...countries.keys()][0]!;
  const dest = countries.get(country)!;
  const chain = r.weighted(dest.leaves);
  const route = routeOf(channel.code);

  // Customer number: DEMO's shop numbers (some orders left to our number), OTHER's dated ones.
  let customerNo = trackingNo;
  if (cust === 'DEMO') {
    state.demoNo++;
    if (r.chance(0.88) || state.demoNo === 100_001) customerNo = `${DEMO_NO_PREFIX}${state.demoNo}`;
  } else {
    const d = new Date(created + 4 * HOUR);
    const ymd = `${d.getUTCFullYear() % 100}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
    const n = (otherDaily.get(ymd) ?? 0) + 1;
    otherDaily.set(ymd, n);
    customerNo = `OC${ymd}-${String(n).padStart(3, '0')}`;
  }

  // Consignee.
  const woman = r.chance(0.4);
  const expats = expatNames(country);
  const arabicName = r.chance(0.35);
  const first = r.pick(firstNames(country, woman));
  const family = r.pick(familyNames(country));
  const consigneeName =
    expats.length && r.chance(0.15)
      ? r.pick(expats)
      : arabicName
        ? `${first[1]} ${family[1]}`
        : `${first[0]} ${family[0]}`;
  const phoneOf = () => {
    const p = PHONES[country];
    const lead = r.pick(p.lead);
    const [g1, g2] = p.groups as [number, number];
    const rest = `${r.digits(g1)} ${r.digits(g2)}`;
    const spaced = lead.length === 2 && country !== 'BH' && country !== 'QA';
    const body = spaced ? `${lead} ${rest}` : `${lead}${rest}`;
    return p.local && r.chance(0.2) ? `${p.local}${body}` : `${p.prefix} ${body}`;
  };
  const street = r.pick(STREETS[country]);
  const address = addressLine(
    country,
    street,
    [r.int(1000, 9999), r.int(1, 120), r.int(1, 40)],
    arabicName ? r.chance(0.5) : r.chance(0.1),
  );
  const at = (level: number) => chain.find((x) => x.level === level);
  const postcode = [...chain].reverse().find((x) => x.postCode)?.postCode ?? '';

  // Sender: the customer's default address, sometimes its second one.
  const own = senders.filter((s) => s.customerId === custId).sort((a, b) => b.isDefault - a.isDefault);
  const sender = own.length > 1 && r.chance(0.25) ? own[1]! : own[0];

  // Parcel.
  const weight =
    route === 'sea' ? r.between(8, 45) : route === 'local' ? r.between(0.3, 6) : 0.12 + r.next() ** 2 * 4.8;
  const declaredWeight = round(Math.max(0.05, weight), route === 'sea' ? 1 : 2);
  const hasSides = r.chance(0.55);
  // Sides that fit the weight: a box of 0.3 to 1.4 times the volume its weight would be charged as.
  const measure = () => {
    const volume = Math.max(600, Number(declaredWeight) * 6000 * r.between(0.3, 1.4));
    const base = Math.cbrt(volume);
    const length = Math.max(5, Math.round(base * r.between(1.1, 1.6)));
    const width = Math.max(4, Math.round(base * r.between(0.7, 1)));
    const height = Math.max(2, Math.round(volume / (length * width)));
    return { length: round(length, 2), width: round(width, 2), height: round(height, 2) };
  };
  const sides: { length: string | null; width: string | null; height: string | null } = hasSides
    ? measure()
    : { length: null, width: null, height: null };
  const packingType = Number(declaredWeight) < 0.5 && r.chance(0.5) ? 1 : r.chance(0.4) ? 2 : 3;
  const packageCount = route === 'sea' ? r.int(1, 4) : r.chance(0.05) ? 2 : 1;

  // Goods.
  const lineCount = r.weighted([
    [1, 60],
    [2, 28],
    [3, 12],
  ] as const);
  const lines: Goods[] = [];
  while (lines.length < lineCount) {
    const g = r.weighted(GOODS.map((x) => [x, x.weight] as const));
    if (!lines.includes(g)) lines.push(g);
  }
  let value = 0;
  lines.forEach((g, n) => {
    const quantity = r.weighted([
      [1, 70],
      [2, 20],
      [3, 7],
      [5, 3],
    ] as const);
    const unitPrice = money(r.between(g.price[0], g.price[1]));
    value += quantity * Number(unitPrice);
    goodsValues.push({
      orderId: id,
      lineNo: n + 1,
      nameEn: g.en,
      nameCn: g.cn,
      quantity,
      hsCode: g.hs,
      unitPrice,
      currency: 'USD',
      specification: g.spec,
      sensitiveWords: sensitiveOf.get(g) ?? [],
      sensitiveHit: (sensitiveOf.get(g)?.length ?? 0) > 0,
    });
  });

  const codOk = cust === 'DEMO';
  const isCod = codOk && r.chance(use.cod);
  const [codLow, codHigh] = COD_RANGE[country];
  // The shop's price in the consignee's money: the goods' value marked up, at a shop's round price.
  const local = value * FX[country] * r.between(1.5, 3);
  const shopPrice = FX[country] < 1 ? Math.round(local * 2) / 2 : Math.round(local / 10) * 10 - 1;
  const codAmount = isCod ? money(Math.max(codLow, Math.min(codHigh, shopPrice))) : '0';
  const codCurrency = isCod ? CURRENCY[country] : '';

  return {
    id,
    trackingNo,
    cust,
    custId,
    created,
    createdBy,
    channel,
    use,
    country,
    dest,
    route,
    customerNo,
    arabicName,
    first,
    consigneeName,
    phoneOf,
    address,
    at,
    postcode,
    sender,
    declaredWeight,
    hasSides,
    measure,
    sides,
    packingType,
    packageCount,
    lines,
    isCod,
    codAmount,
    codCurrency,
  };
}

export type PlannedParcel = ReturnType<typeof planParcel>;
