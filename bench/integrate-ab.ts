/**
 * Part 4 of bench/integrate.ts, A/B alternated: the order list and the PDA's scan call without a
 * webhook endpoint (A) and with the demo customer's endpoint taking every event (B).
 */
import type autocannon from 'autocannon';
import type pg from 'pg';
import { meterOf, percentile } from './harness.ts';
import { API, load, ROUNDS, SECONDS, saveHook, startReceiver, type World } from './integrate-world.ts';
import { cannon, copyOrders as copyOrdersOf } from './world.ts';

export const AB_CONNECTIONS = 50;

let copies = 0;

/** `count` copies of the template order (received, ready for a lading bill); their tracking numbers. */
const copyOrders = (w: World, count: number) => copyOrdersOf(w.url, w, `BIS${++copies}X`, count);

interface AbRow {
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  cpuMs: number;
}

async function measure(
  w: World,
  stats: pg.Client,
  requests: autocannon.Options['requests'],
  fresh: () => number,
): Promise<AbRow> {
  const meter = meterOf(w.server, stats);
  await cannon({ url: w.server.target.base, connections: AB_CONNECTIONS, duration: 1, requests });
  await meter.start();
  const { result, times } = await cannon({
    url: w.server.target.base,
    connections: AB_CONNECTIONS,
    duration: SECONDS,
    requests,
  });
  const cpu = await meter.stop(result.requests.total);
  if (fresh() < 0) console.warn('  ran out of orders to scan: raise the copies');
  return {
    perSecond: (result.requests.total - result.non2xx) / SECONDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.errors + result.non2xx,
    cpuMs: cpu.node + cpu.db,
  };
}

const listRequests = (w: World): autocannon.Options['requests'] => [
  {
    method: 'POST',
    path: `${API}/order/list`,
    body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
    headers: {
      authorization: `Bearer ${w.admin.token}`,
      'local-lang': 'en',
      'content-type': 'application/json',
    },
  },
];

async function scanRequests(w: World) {
  // More than 50 connections can scan in the measurement and its warm-up at this machine's best.
  const codes = await copyOrders(w, Math.max(4000, 1500 * (SECONDS + 1)));
  const bill = await w.admin.ok<{ recId: number }>('/lading/create', { channelId: w.channelId });
  let k = 0;
  const requests: autocannon.Options['requests'] = [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `${API}/lading/scanTrackingNo/${bill.recId}`,
        body: JSON.stringify({ trackingNo: codes[k++ % codes.length] }),
        headers: { ...req.headers, ...w.pda.headers() },
      }),
    },
  ];
  return { requests, left: () => codes.length - k };
}

/** Waits until no delivery is pending (so one side's deliveries do not run in the next's time). */
async function settle(stats: pg.Client) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const r = await stats.query<{ n: string }>(
      'SELECT count(*) AS n FROM webhook_deliveries WHERE state = 0',
    );
    if (Number(r.rows[0]!.n) === 0) return;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  console.warn('  deliveries still pending after 120 s');
}

export async function abLoad(w: World, stats: pg.Client) {
  const receiver = await startReceiver();
  const rows: { side: 'A' | 'B'; kind: 'list' | 'scan'; row: AbRow }[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const side of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const hook = side === 'B' ? await saveHook(w, receiver.url, ALL_EVENTS) : undefined;
        const list = await measure(w, stats, listRequests(w), () => 0);
        const scans = await scanRequests(w);
        const scan = await measure(w, stats, scans.requests, scans.left);
        const delivered = receiver.got.length;
        if (hook) await w.demo.ok(`/webhook/delete/${hook.endpoint.recId}`);
        await settle(stats);
        rows.push({ side, kind: 'list', row: list }, { side, kind: 'scan', row: scan });
        console.log(
          `  round ${round + 1} ${side} (${side === 'A' ? 'no endpoint' : `an endpoint; ${delivered} posts received so far`}): list ${list.perSecond.toFixed(0)} req/s, p95 ${list.p95.toFixed(1)} ms, CPU ${list.cpuMs.toFixed(2)} ms; scan ${scan.perSecond.toFixed(0)} scans/s, p95 ${scan.p95.toFixed(1)} ms, CPU ${scan.cpuMs.toFixed(2)} ms; errors ${list.errors}/${scan.errors} (load ${load()})`,
        );
      }
  } finally {
    await receiver.close();
  }
  return rows;
}

const ALL_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'order.intercepted',
  'order.exception',
  'cod.modified',
  'lading.picked_up',
];
