import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChannelDetail, shipping as contract } from '../../../shared/contract/shipping.ts';
import {
  type ChannelLimits,
  type CurrencyLimit,
  limitSettingIssues,
} from '../../../shared/domain/channel-limits.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { toScale } from '../../../shared/domain/order-entry.ts';
import { segmentProblem } from '../../../shared/domain/segments.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { shippingMessages as m } from '../../../shared/i18n/shipping-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  carriers,
  channelCarriers,
  channelPrices,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { type FieldIssue, invalid, notFound, rule } from '../../http/errors.ts';
import { getChannel } from './shipping.service.ts';

type ChannelInput = z.output<NonNullable<typeof contract.save.body>>;
type PriceInput = ChannelInput['prices'][number];

/** Limits the columns can hold, kept to round figures an operator would recognise. */
const MAX_WEIGHT_KG = 100_000;
const MAX_AMOUNT = 1_000_000;

const issue = (path: string, descriptor: MessageDescriptor, values?: Record<string, unknown>): FieldIssue =>
  values ? { path, descriptor, values } : { path, descriptor };

function segmentIssues(input: ChannelInput): FieldIssue[] {
  const problem = segmentProblem(input.serviceType, input.segments);
  if (!problem) return [];
  switch (problem.kind) {
    case 'serviceType':
      return [issue('serviceType', m.serviceTypeInvalid)];
    case 'empty':
      return [issue('segments', m.segmentsRequired)];
    case 'duplicate':
      return [issue(`segments.${problem.index}`, m.segmentTwice)];
    case 'notAllowed':
      return [issue(`segments.${problem.index}`, m.segmentNotAllowed)];
  }
}

/** The numbers of one rule: weights above 0, amounts and the rate within what makes sense. */
function numberIssues(p: PriceInput, i: number): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const key of ['firstWeight', 'stepWeight'] as const) {
    const v = Number(p[key]);
    if (!(v > 0 && v <= MAX_WEIGHT_KG))
      out.push(issue(`prices.${i}.${key}`, m.weightRange, { max: MAX_WEIGHT_KG }));
  }
  for (const key of ['firstPrice', 'stepPrice', 'minCodFee'] as const) {
    const v = Number(p[key]);
    if (!(v >= 0 && v <= MAX_AMOUNT))
      out.push(issue(`prices.${i}.${key}`, m.amountRange, { max: MAX_AMOUNT }));
  }
  const rate = Number(p.codFeeRate);
  if (!(rate >= 0 && rate <= 100)) out.push(issue(`prices.${i}.codFeeRate`, m.rateRange));
  return out;
}

async function countryIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(inArray(regions.id, ids), eq(regions.level, 0)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Every field rule the schema cannot express, all reported at once: segments selectable for the
 * service type, countries that are countries, carriers that exist (new ones enabled; one already on
 * the channel may stay after it was disabled), one price rule per country, sensible numbers.
 */
async function check(db: Db, input: ChannelInput, channelId?: number): Promise<void> {
  const issues = segmentIssues(input);
  const countries = await countryIds(db, [
    ...(input.countryId === null ? [] : [input.countryId]),
    ...input.prices.map((p) => p.countryId),
  ]);
  if (input.countryId !== null && !countries.has(input.countryId))
    issues.push(issue('countryId', m.countryInvalid));

  const kept = channelId
    ? new Set(
        (
          await db
            .select({ id: channelCarriers.carrierId })
            .from(channelCarriers)
            .where(eq(channelCarriers.channelId, channelId))
        ).map((r) => r.id),
      )
    : new Set<number>();
  const found = input.carrierIds.length
    ? await db
        .select({ id: carriers.id, status: carriers.status })
        .from(carriers)
        .where(inArray(carriers.id, input.carrierIds))
    : [];
  const usable = new Set(
    found.filter((c) => c.status === Enabled.enabled || kept.has(c.id)).map((c) => c.id),
  );
  const seenCarriers = new Set<number>();
  input.carrierIds.forEach((id, i) => {
    if (!usable.has(id)) issues.push(issue(`carrierIds.${i}`, m.carrierInvalid));
    else if (seenCarriers.has(id)) issues.push(issue(`carrierIds.${i}`, m.carrierTwice));
    seenCarriers.add(id);
  });

  const seenCountries = new Set<number>();
  input.prices.forEach((p, i) => {
    if (!countries.has(p.countryId)) issues.push(issue(`prices.${i}.countryId`, m.countryInvalid));
    else if (seenCountries.has(p.countryId)) issues.push(issue(`prices.${i}.countryId`, m.priceCountryTwice));
    seenCountries.add(p.countryId);
    issues.push(...numberIssues(p, i));
  });
  issues.push(...limitSettingIssues(limitsOf(input)));
  if (issues.length) throw invalid(issues);

  const [clash] = await db
    .select({ id: shippingChannels.id })
    .from(shippingChannels)
    .where(
      and(eq(shippingChannels.code, input.code), channelId ? ne(shippingChannels.id, channelId) : undefined),
    );
  if (clash) throw rule(m.codeTaken, { code: input.code });
}

/** The limits as stored: amounts with their 2 decimals, the weight with its 3. */
const limitsOf = (input: ChannelInput): ChannelLimits & { currencyLimits: CurrencyLimit[] } => ({
  maxWeight: input.maxWeight === null ? null : toScale(input.maxWeight, 3),
  currencyLimits: input.currencyLimits.map((l) => ({
    currency: l.currency,
    maxCod: l.maxCod === null ? null : toScale(l.maxCod, 2),
    minDeclared: l.minDeclared === null ? null : toScale(l.minDeclared, 2),
    maxDeclared: l.maxDeclared === null ? null : toScale(l.maxDeclared, 2),
  })),
});

const valuesOf = (input: ChannelInput) => ({
  code: input.code,
  name: input.name,
  nameEn: input.nameEn,
  serviceType: input.serviceType,
  segments: input.segments,
  countryId: input.countryId,
  volumeDivisor: input.volumeDivisor,
  ladingType: input.ladingType,
  status: input.status,
  remark: input.remark,
  ...limitsOf(input),
});

/** Replaces a channel's carriers and price rules by the lists sent (rules keep their ids per country). */
async function writeChildren(tx: Tx, channelId: number, input: ChannelInput): Promise<void> {
  await tx.delete(channelCarriers).where(eq(channelCarriers.channelId, channelId));
  if (input.carrierIds.length)
    await tx
      .insert(channelCarriers)
      .values(input.carrierIds.map((carrierId, i) => ({ channelId, carrierId, sort: (i + 1) * 10 })));

  const countries = input.prices.map((p) => p.countryId);
  await tx
    .delete(channelPrices)
    .where(
      and(
        eq(channelPrices.channelId, channelId),
        countries.length ? notInArray(channelPrices.countryId, countries) : undefined,
      ),
    );
  if (!input.prices.length) return;
  await tx
    .insert(channelPrices)
    .values(
      input.prices.map((p) => ({
        channelId,
        countryId: p.countryId,
        currency: p.currency,
        firstWeight: p.firstWeight,
        firstPrice: p.firstPrice,
        stepWeight: p.stepWeight,
        stepPrice: p.stepPrice,
        // Sent as a percentage, stored as a fraction.
        codFeeRate: sql`(${p.codFeeRate}::numeric / 100)`,
        minCodFee: p.minCodFee,
      })),
    )
    .onConflictDoUpdate({
      target: [channelPrices.channelId, channelPrices.countryId],
      set: {
        currency: sql`excluded.currency`,
        firstWeight: sql`excluded.first_weight`,
        firstPrice: sql`excluded.first_price`,
        stepWeight: sql`excluded.step_weight`,
        stepPrice: sql`excluded.step_price`,
        codFeeRate: sql`excluded.cod_fee_rate`,
        minCodFee: sql`excluded.min_cod_fee`,
        updatedAt: new Date(),
      },
    });
}

/**
 * A channel as the audit log keeps it: its fields, its carriers in order, and one entry per price
 * rule named by the rule's country ("price.SA"), so a change to one rule shows that rule alone.
 */
async function auditSnapshot(tx: Tx, channelId: number): Promise<Record<string, unknown>> {
  const [channel] = await tx.select().from(shippingChannels).where(eq(shippingChannels.id, channelId));
  const carrierRows = await tx
    .select({ id: channelCarriers.carrierId })
    .from(channelCarriers)
    .where(eq(channelCarriers.channelId, channelId))
    .orderBy(channelCarriers.sort);
  const prices = await tx
    .select({ price: channelPrices, country: regions.code })
    .from(channelPrices)
    .innerJoin(regions, eq(regions.id, channelPrices.countryId))
    .where(eq(channelPrices.channelId, channelId))
    .orderBy(regions.code);
  const out: Record<string, unknown> = {
    ...channel,
    carrierIds: carrierRows.map((r) => r.id),
  };
  for (const { price: p, country } of prices)
    out[`price.${country}`] = {
      currency: p.currency,
      firstWeight: p.firstWeight,
      firstPrice: p.firstPrice,
      stepWeight: p.stepWeight,
      stepPrice: p.stepPrice,
      codFeeRate: p.codFeeRate,
      minCodFee: p.minCodFee,
    };
  return out;
}

const codeTaken = (err: unknown, code: string) =>
  isUniqueViolation(err) ? rule(m.codeTaken, { code }) : err;

export async function saveChannel(db: Db, input: ChannelInput, locale: Locale): Promise<ChannelDetail> {
  await check(db, input);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(shippingChannels)
        .values(valuesOf(input))
        .returning({ id: shippingChannels.id });
      await writeChildren(tx, created!.id, input);
      await recordChange(tx as unknown as Db, {
        entity: 'channel',
        recordId: created!.id,
        action: 'create',
        after: await auditSnapshot(tx, created!.id),
      });
      return created!.id;
    });
    return getChannel(db, id, locale);
  } catch (err) {
    throw codeTaken(err, input.code);
  }
}

type UpdateInput = z.output<NonNullable<typeof contract.update.body>>;

/**
 * shipping/update: the channel as sent, its carriers and price rules replaced. A limit left out of
 * the request (`maxWeight`, `currencyLimits`) keeps what the channel has, so an API caller that
 * does not know the limits does not remove them; null and [] remove them.
 */
export async function updateChannel(db: Db, sent: UpdateInput, locale: Locale): Promise<ChannelDetail> {
  const [existing] = await db
    .select({
      id: shippingChannels.id,
      maxWeight: shippingChannels.maxWeight,
      currencyLimits: shippingChannels.currencyLimits,
    })
    .from(shippingChannels)
    .where(eq(shippingChannels.id, sent.recId));
  if (!existing) throw notFound();
  const input: ChannelInput & { recId: number } = {
    ...sent,
    maxWeight: sent.maxWeight === undefined ? existing.maxWeight : sent.maxWeight,
    currencyLimits: sent.currencyLimits ?? existing.currencyLimits,
  };
  await check(db, input, input.recId);
  try {
    await db.transaction(async (tx) => {
      const before = await auditSnapshot(tx, input.recId);
      await tx
        .update(shippingChannels)
        .set({ ...valuesOf(input), updatedAt: new Date() })
        .where(eq(shippingChannels.id, input.recId));
      await writeChildren(tx, input.recId, input);
      await recordChange(tx as unknown as Db, {
        entity: 'channel',
        recordId: input.recId,
        action: 'update',
        before,
        after: await auditSnapshot(tx, input.recId),
      });
    });
  } catch (err) {
    throw codeTaken(err, input.code);
  }
  return getChannel(db, input.recId, locale);
}
