import fc from 'fast-check';
import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { minimalValueOf } from '../zod-arbitrary.ts';
import type { Account } from './accounts.ts';
import { masterFixtures } from './fixtures-master.ts';
import { movementFixtures } from './fixtures-movement.ts';
import { orderFixtures } from './fixtures-orders.ts';
import { reportFixtures } from './fixtures-reports.ts';
import { webhookFixtures } from './fixtures-webhook.ts';
import type { Req } from './send.ts';
import type { World } from './world.ts';

/**
 * A valid input for one call: built from the contract's request schemas (required keys, real ids by
 * field name), then overlaid with the endpoint's fixture where the schema alone cannot make a
 * meaningful one. A fixture may make fresh records; it is asked once per allowed caller.
 */
export type Fixture = (w: World, who: Account) => Req | Promise<Req>;

export const fixtures: Record<string, Fixture> = {
  ...masterFixtures,
  ...orderFixtures,
  ...movementFixtures,
  ...reportFixtures,
  ...webhookFixtures,
};

/** Real ids for id fields the generator meets, by field name. */
export function idHints(w: World): (field: string) => fc.Arbitrary<number> | undefined {
  const byName: Record<string, number | undefined> = {
    channelId: w.saChannel,
    shippingId: w.saChannel,
    defaultChannelId: w.saChannel,
    carrierId: w.carrier.SMSA,
    countryId: w.region.SA,
    provinceId: w.region['SA-RI'],
    cityId: w.region['SA-RI-RUH'],
    regionId: w.region['SA-RI-RUH'],
    customerId: w.customer.demo,
    // Generic record ids point at the demo customer's received order.
    id: w.own.demo.order.id,
    orderId: w.own.demo.order.id,
  };
  return (field) => {
    const v = byName[field];
    return v === undefined ? undefined : fc.constant(v);
  };
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlain(base) || !isPlain(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v);
  return out;
}
const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The input for `key` (`domain.name`) as `who`: generated, then the fixture's overlay (skipped with
 * `generatedOnly`, for callers the access layer refuses before any input is read).
 */
export async function inputFor(
  w: World,
  key: string,
  def: EndpointDef,
  who: Account,
  generatedOnly = false,
): Promise<Req> {
  const hints = idHints(w);
  const generated: Req = {};
  if (def.params) generated.params = minimalValueOf(def.params, hints) as Req['params'];
  if (def.query) generated.query = (minimalValueOf(def.query, hints) ?? undefined) as Req['query'];
  if (def.body) generated.body = minimalValueOf(def.body, hints);
  const fixture = fixtures[key];
  if (!fixture || generatedOnly) return generated;
  const over = await fixture(w, who);
  return {
    ...generated,
    ...over,
    params: merge(generated.params, over.params) as Req['params'],
    body: merge(generated.body, over.body),
  };
}

const RECORD_KEYS = ['id', 'ids', 'recId', 'recIds', 'orderId'];

/** Does the input name a record by id (a detail, update, export, print or delete of that record)? */
export function namesRecord(req: Req): boolean {
  const inBody = isPlain(req.body) && RECORD_KEYS.some((k) => req.body && k in (req.body as object));
  const inParams = !!req.params && RECORD_KEYS.some((k) => k in req.params!);
  return inBody || inParams;
}
