/**
 * A customer's system driving the demo through a client generated from the OpenAPI document:
 * openapi-typescript writes `schema.gen.ts` (the `paths` and `components` types) and openapi-fetch
 * calls the API with an API key. tests/api/openapi-client.test.ts generates the types from the
 * running test server's document into a temporary folder, type-checks this file against them
 * there (with the product's `tsc`) and runs it. `schema.gen.ts` is never committed: the document is
 * generated from the contract, so the types are made from the server each run and cannot go stale.
 * This file sits outside the product's tsconfig (which has no schema.gen.ts to check it against).
 */
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.gen.ts';

export interface Demo {
  /** The server's API base (`http://host:port/api/common/v1`). */
  baseUrl: string;
  /** An API key's secret (`pbo_…`). */
  key: string;
  channelId: number;
  /** The consignee's region chain, country first. */
  regionIds: number[];
}

type Refusal = components['schemas']['ValidationFailure'];
type Order = paths['/order/create']['post']['responses']['200']['content']['application/json']['data'];

export interface Driven {
  order: Order;
  read: { trackingNo: string; status: number };
  track: { found: boolean; events: number };
  /** The typed 400: each field in error. */
  issues: { path: string; message: string }[];
  /** The typed 404: its status, code and message. */
  missing: { status: number; code: number; msg: string };
  /** The Idempotency-Key's retry: the same order. */
  retriedRecId: number;
}

export async function drive(demo: Demo): Promise<Driven> {
  const api = createClient<paths>({
    baseUrl: demo.baseUrl,
    headers: { authorization: `Bearer ${demo.key}`, 'local-lang': 'en' },
  });
  const body: paths['/order/create']['post']['requestBody']['content']['application/json'] = {
    channelId: demo.channelId,
    customerNo: `SHOP-${randomUUID().slice(0, 8)}`,
    consignee: {
      name: 'Ahmed Al-Harbi',
      phone: '+966 50 123 4567',
      regionIds: demo.regionIds,
      address: 'King Fahd Road 12',
    },
    weight: '1.250',
    goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
  };

  const idempotencyKey = randomUUID();
  const created = await api.POST('/order/create', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body,
  });
  if (!created.data)
    throw new Error(`order/create answered ${created.response.status}: ${created.error?.msg}`);
  const order = created.data.data;
  // @ts-expect-error: an order has no such field (the types are the document's, not `any`)
  void order.noSuchField;

  const retried = await api.POST('/order/create', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body,
  });
  if (!retried.data) throw new Error(`the retry answered ${retried.response.status}`);

  const read = await api.GET('/order/getOrderDetail/{id}', { params: { path: { id: order.recId } } });
  if (!read.data)
    throw new Error(`order/getOrderDetail answered ${read.response.status}: ${read.error?.msg}`);

  const tracked = await api.GET('/tracking/query/{no}', { params: { path: { no: order.trackingNo } } });
  if (!tracked.data)
    throw new Error(`tracking/query answered ${tracked.response.status}: ${tracked.error?.msg}`);
  const track = tracked.data.data[0]?.track;

  // A field in error: 400, with every issue typed by the document's ValidationFailure.
  const refused = await api.POST('/order/create', {
    body: { ...body, weight: 'heavy', consignee: { ...body.consignee, phone: '' } },
  });
  let issues: Driven['issues'] = [];
  if (refused.response.status === 400 && refused.error) {
    const failure: Refusal = refused.error as Refusal;
    if (failure.data && 'issues' in failure.data)
      issues = failure.data.issues.map((i) => ({ path: i.path, message: i.message }));
  }

  // Another customer's or no order: 404, code 0 and a message.
  const absent = await api.GET('/order/getOrderDetail/{id}', { params: { path: { id: 2_147_483_000 } } });
  if (!absent.error) throw new Error('a missing order was found');
  const missing = { status: absent.response.status, code: absent.error.code, msg: absent.error.msg };

  // @ts-expect-error: a call the document does not have (never made)
  const _absentCall = () => api.GET('/order/noSuchCall');

  return {
    order,
    read: { trackingNo: read.data.data.trackingNo, status: read.data.data.status },
    track: { found: !!track, events: track?.events.length ?? 0 },
    issues,
    missing,
    retriedRecId: retried.data.data.recId,
  };
}
