/**
 * The world bench/integrate.ts works in: its settings, its callers of the forked server (a login's
 * token or the demo customer's API key), a local webhook receiver, and the orders it creates.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import type { Server } from './harness.ts';

export const API = '/api/common/v1';
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One caller (a login's token or an API key) of the forked server. */
export class Caller {
  readonly base: string;
  readonly token: string;
  constructor(base: string, token: string) {
    this.base = base;
    this.token = token;
  }

  static async login(base: string, username: string, password: string): Promise<Caller> {
    const r = await fetch(`${base}${API}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await r.json()) as Envelope<{ token: string }>;
    if (body.code !== 1) throw new Error(`login ${username}: ${body.msg}`);
    return new Caller(base, body.data.token);
  }

  headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.token}`,
      'local-lang': 'en',
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    };
  }

  async ok<T>(path: string, body: unknown = {}): Promise<T> {
    const r = await fetch(`${this.base}${API}${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
    });
    const answer = (await r.json()) as Envelope<T>;
    if (answer.code !== 1) throw new Error(`${path}: ${r.status} ${answer.msg}`);
    return answer.data;
  }
}

/** A webhook receiver on 127.0.0.1: keeps each post's receipt time, id, body and headers. */
export async function startReceiver() {
  const got: { at: number; id: string; text: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
    });
    req.on('end', () => {
      got.push({ at: Date.now(), id: String(req.headers['webhook-id']), text, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    got,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export interface World {
  server: Server;
  url: string;
  admin: Caller;
  demo: Caller;
  pda: Caller;
  key: Caller;
  channelId: number;
  regionIds: number[];
  /** A received order of the demo customer, the one the scan orders are copies of. */
  templateNo: string;
}

let seq = 0;
export const orderBody = (w: World) => ({
  channelId: w.channelId,
  customerNo: `BI-${process.pid}-${++seq}`,
  consignee: {
    name: 'Ahmed Al-Harbi',
    phone: '+966 50 123 4567',
    regionIds: w.regionIds,
    address: `King Fahd Road ${seq}`,
  },
  weight: '1.250',
  isCod: false,
  goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
});

export async function makeWorld(server: Server, url: string): Promise<World> {
  const base = server.target.base;
  const admin = new Caller(base, server.target.token);
  const demo = await Caller.login(base, 'demo', 'demo123');
  const pda = await Caller.login(base, 'pda', 'pda123');
  const made = await demo.ok<{ secret: string }>('/apiKey/create', { name: 'bench' });
  const key = new Caller(base, made.secret);
  const regionIds: number[] = [];
  for (const code of ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']) {
    const page = await admin.ok<{ records: { recId: number; code: string }[] }>('/region/list', {
      keyword: code,
      pageSize: 100,
    });
    regionIds.push(page.records.find((r) => r.code === code)!.recId);
  }
  const channels = await admin.ok<{ recId: number; code: string }[]>('/shipping/list/simple', {});
  const channelId = channels.find((c) => c.code === 'CN-SA-AIR-COD')!.recId;
  const w: World = { server, url, admin, demo, pda, key, channelId, regionIds, templateNo: '' };
  const order = await key.ok<{ trackingNo: string }>('/order/create', orderBody(w));
  await admin.ok(`/order/receive/${order.trackingNo}`, {});
  w.templateNo = order.trackingNo;
  return w;
}

/**
 * Requests that each create a new order through the key; `answered` (when given) keeps the time each
 * order's answer arrived (its transaction had committed by then), by order id.
 */
export function createRequests(w: World, answered?: Map<number, number>): autocannon.Options['requests'] {
  return [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `${API}/order/create`,
        body: JSON.stringify(orderBody(w)),
        headers: { ...req.headers, ...w.key.headers() },
      }),
      ...(answered
        ? {
            onResponse: (status: number, body: string) => {
              if (status === 200)
                answered.set((JSON.parse(body) as Envelope<{ recId: number }>).data.recId, Date.now());
            },
          }
        : {}),
    },
  ];
}

export async function saveHook(w: World, url: string, events: string[] = ['order.created']) {
  return w.demo.ok<{ endpoint: { recId: number }; secret: string }>('/webhook/save', {
    url,
    events,
    enabled: true,
  });
}
