import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../../src/shared/contract/order.ts';
import { DEMO, type TestApp, useTestApp } from './app.ts';
import { at, call, callWith } from './call.ts';
import { prepaidRiyadhOrder } from './order-body.ts';

/**
 * What the movement-of-parcels tests share: the worlds' common start, orders made through the
 * orders core (order/create by the customer, order/receive at the warehouse), a minimal SMTP
 * server, ids by code.
 */

export type Who = keyof typeof DEMO;

export async function idsByCode(
  t: TestApp,
  table: 'regions' | 'shipping_channels' | 'carriers' | 'customers',
) {
  const r = await t.database.db.execute<{ id: number; code: string }>(
    sql`SELECT id, code FROM ${sql.identifier(table)}`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.code, x.id])) as Record<string, number>;
}

/** An order's events of one node, as the staff timeline shows them. */
export const nodeEvents = (o: OrderDetail, node: string) =>
  o.events
    .filter((e) => e.node === node)
    .map((e) => ({ name: e.name, description: e.description, isPublic: e.isPublic, status: e.status }));

/**
 * The start of the lading, batch and overseas worlds: a test app with every demo account logged
 * in, channel ids by code, typed calls as one of the accounts (English unless told), and an
 * order's detail and its events of one node as the staff read them.
 */
export function useMovementApp() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const channel: Record<string, number> = {};

  const post = <E extends EndpointDef>(
    entry: E,
    who: Who,
    body = {} as Body<E>,
    headers: Record<string, string> = {},
    lang = 'en',
  ) => callWith(t, entry, { token: tokens[who], body, headers, lang });
  const get = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const eventsOf = async (id: number, node: string) => nodeEvents(await orderOf(id), node);

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    Object.assign(channel, await idsByCode(t, 'shipping_channels'));
  });

  return { t, tokens, channel, post, get, orderOf, eventsOf };
}

export interface MadeOrder {
  id: number;
  trackingNo: string;
  channelId: number;
}

/**
 * Orders of the DEMO customer to Riyadh on a channel, received at the warehouse (so they can go
 * into a lading bill). `consignee` overrides the consignee (packages merge one consignee's orders).
 */
export async function makeOrders(
  t: TestApp,
  tokens: { demo: string; operator: string },
  n: number,
  opts: { channel?: string; receive?: boolean; consignee?: Record<string, unknown>; weight?: string } = {},
): Promise<MadeOrder[]> {
  const region = await idsByCode(t, 'regions');
  const channel = await idsByCode(t, 'shipping_channels');
  const channelId = channel[opts.channel ?? 'CN-SA-AIR-COD']!;
  const out: MadeOrder[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(t, contract.order.create, {
      token: tokens.demo,
      lang: 'en',
      body: prepaidRiyadhOrder(region, channelId, { consignee: opts.consignee, weight: opts.weight }),
    });
    expect(r.status, r.raw).toBe(200);
    const o = r.body.data;
    if (opts.receive !== false) {
      const rec = await call(t, contract.order.receive, {
        params: { trackingNo: o.trackingNo },
        token: tokens.operator,
        body: {},
        lang: 'en',
      });
      expect(rec.body.data?.kind, rec.raw).toBe('ok');
    }
    out.push({ id: o.recId, trackingNo: o.trackingNo, channelId });
  }
  return out;
}

export interface SmtpServer {
  port: number;
  /** The DATA of each message accepted. */
  messages: string[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on 127.0.0.1: EHLO, MAIL, RCPT, DATA, QUIT. `refuse` answers 554 to the
 * DATA's end, as a server rejecting the message does.
 */
export async function startSmtp(opts: { refuse?: boolean } = {}): Promise<SmtpServer> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (opts.refuse) reply('554 5.7.1 Message rejected by test policy');
          else {
            messages.push(data);
            reply('250 2.0.0 Ok: queued as TEST1');
          }
          data = '';
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
          reply('250 2.1.0 Ok');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls `read` until `done` holds (or fails after `ms`). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const key = () => randomUUID();
