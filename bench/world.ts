/**
 * What the benchmarks that drive the product through its API share: a logged-in caller, the demo
 * world (an order received at the warehouse, copied by the thousand in SQL), a lading bill to scan
 * into, and autocannon with each response's latency. Used by bench/pda.ts and
 * bench/metrics-overhead.ts.
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { CLK_TCK } from './backend-cpu.ts';

export const API = '/api/common/v1';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class Api {
  readonly base: string;
  readonly token: string;

  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  static async login(base: string, username: string, password: string): Promise<Api> {
    const r = await fetch(`${base}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await r.json()) as Envelope<{ token: string }>;
    if (body.code !== 1) throw new Error(`login ${username}: ${body.msg}`);
    return new Api(base, body.data.token);
  }

  async ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const r = await fetch(`${this.base}${API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        'local-lang': 'en',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(/\/(create|receive)/.test(path) ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const answer = (await r.json()) as Envelope<T>;
    if (answer.code !== 1) throw new Error(`${path}: ${r.status} ${answer.msg}`);
    return answer.data;
  }
}

export interface Bill {
  recId: number;
  no: string;
}

export async function prepare(url: string) {
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client.ts');
  const { seedDemoData } = await import('../src/server/db/seed/index.ts');
  const database = openDatabase(url, 2);
  await migrateDatabase(database);
  await seedDemoData(database.db);
  await database.close();
}

export interface World {
  admin: Api;
  pda: Api;
  channelId: number;
  /** An order made through the API and received at the warehouse: the one the copies are of. */
  templateNo: string;
}

export async function makeWorld(base: string): Promise<World> {
  const admin = await Api.login(base, 'admin', 'admin123');
  const customer = await Api.login(base, 'demo', 'demo123');
  const pda = await Api.login(base, 'pda', 'pda123');
  const regionIds: number[] = [];
  for (const code of ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']) {
    const page = await admin.ok<{ records: { recId: number; code: string }[] }>('POST', '/region/list', {
      keyword: code,
      pageSize: 100,
    });
    regionIds.push(page.records.find((r) => r.code === code)!.recId);
  }
  const channels = await admin.ok<{ recId: number; code: string }[]>('POST', '/shipping/list/simple', {});
  const channelId = channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId;
  const order = await customer.ok<{ trackingNo: string }>('POST', '/order/create', {
    channelId,
    consignee: {
      name: 'Ahmed Al-Harbi',
      phone: '+966 50 123 4567',
      regionIds,
      address: 'King Fahd Road 1',
    },
    weight: '1.250',
    isCod: false,
    goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
  });
  await admin.ok('POST', `/order/receive/${order.trackingNo}`, {});
  return { admin, pda, channelId, templateNo: order.trackingNo };
}

let orderColumns: string[] | undefined;

/** `count` copies of the template order (received, ready for a lading bill), numbered `prefix`000001…. */
export async function copyOrders(
  url: string,
  w: Pick<World, 'templateNo'>,
  prefix: string,
  count: number,
): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    orderColumns ??= (
      await c.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name <> 'id'
            AND is_generated = 'NEVER'`,
      )
    ).rows.map((r) => r.column_name);
    const cols = orderColumns;
    const values = cols.map((n) =>
      n === 'tracking_no'
        ? `$1 || lpad(g::text, 6, '0')`
        : n === 'customer_no'
          ? `'B-' || $1 || lpad(g::text, 6, '0')`
          : `o.${n}`,
    );
    await c.query(
      `INSERT INTO orders (${cols.join(', ')})
       SELECT ${values.join(', ')} FROM orders o, generate_series(1, $2::int) g WHERE o.tracking_no = $3`,
      [prefix, count, w.templateNo],
    );
    await c.query('ANALYZE orders');
  } finally {
    await c.end();
  }
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
}

export const newBill = (w: World) => w.admin.ok<Bill>('POST', '/lading/create', { channelId: w.channelId });

export type Cannon = (
  o: autocannon.Options,
  done: (err: unknown, r: autocannon.Result) => void,
) => EventEmitter;

export function cannon(opts: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  return new Promise((ok, fail) => {
    const instance = (autocannon as unknown as Cannon)(opts, (err, result) =>
      err ? fail(err) : ok({ result, times }),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      times.push(ms);
    });
  });
}

/** CPU ms used so far by a process (from /proc). */
export function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
}

/** autocannon requests that each scan the next code into the bill as the `pda` account, with a new key. */
export function scanRequests(w: World, bill: Bill, codes: string[]) {
  let k = 0;
  const requests: autocannon.Options['requests'] = [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `${API}/lading/scanTrackingNo/${bill.recId}`,
        body: JSON.stringify({ trackingNo: codes[k++ % codes.length] }),
        headers: {
          ...req.headers,
          authorization: `Bearer ${w.pda.token}`,
          'local-lang': 'en',
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
      }),
    },
  ];
  return { requests, sent: () => k };
}
