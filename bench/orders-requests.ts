import autocannon from 'autocannon';
import { type Meter, rng, type Target } from './harness.ts';
import { carrierNo, DAY, ORDERS, orderAt, type World } from './order-gen.ts';

/** The order bench's requests (orders.ts): the list's filter sets, lookups, and fifty clients at once. */

/** How long each measurement at 50 connections runs (s), and with how many. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

/**
 * Filter sets staff use on the order list (each answers a page and its total), with how often each
 * comes in a working day (our estimate, per 100 list calls): opening or refreshing the list, a
 * status, a customer, pasted tracking numbers most; searches by consignee least. The measurements
 * draw the filter sets in these proportions; each set's own figures are printed too.
 */
export function listBodies(w: World): { name: string; weight: number; body: object }[] {
  const now = w.now;
  const days = (n: number) => new Date(now - n * DAY).toISOString();
  const ids = (from: number, n: number) =>
    Array.from({ length: n }, (_, k) => `GL${String(1_000_000_000 + from + k * 997).padStart(10, '0')}`).join(
      '\n',
    );
  const top = w.customers[0]!.id;
  const mid = w.customers[20]!.id;
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const saCountry = sa.countries[0]!.cities[0]!.country;
  const ae = w.channels.find((c) => c.code === 'CN-AE-AIR') ?? w.channels[0]!;
  const aeCountry = ae.countries[0]!.cities[0]!.country;
  const carrierNos = Array.from({ length: 5 }, (_, k) => {
    const o = orderAt(w, 1000 + k * 7919);
    return carrierNo(o) ?? o.trackingNo;
  }).join(',');
  return [
    { name: 'first page, no filter', weight: 25, body: { pageNo: 1, pageSize: 20 } },
    {
      name: 'status in transit, last 30 days',
      weight: 14,
      body: { pageNo: 1, pageSize: 20, status: 5, startTime: days(30) },
    },
    {
      name: 'one customer, last 7 days',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, customerId: top, startTime: days(7) },
    },
    { name: 'one customer, page 3', weight: 5, body: { pageNo: 3, pageSize: 20, customerId: mid } },
    {
      name: 'channel + country + signed',
      weight: 6,
      body: { pageNo: 1, pageSize: 20, channelId: ae.id, countryId: aeCountry, status: 9 },
    },
    {
      name: '20 tracking nos (bulk)',
      weight: 12,
      body: { pageNo: 1, pageSize: 20, trackingNos: ids(5000, 20) },
    },
    { name: '5 carrier nos', weight: 5, body: { pageNo: 1, pageSize: 20, carrierTrackingNos: carrierNos } },
    { name: 'abnormal only', weight: 4, body: { pageNo: 1, pageSize: 20, abnormal: true } },
    {
      name: 'arrival time, last 3 days',
      weight: 5,
      body: { pageNo: 1, pageSize: 20, timeBasis: 'arrival', startTime: days(3) },
    },
    {
      name: 'COD to SA, page 10',
      weight: 6,
      body: { pageNo: 10, pageSize: 20, payment: '1', countryId: saCountry },
    },
    {
      name: 'consignee phone (6 digits)',
      weight: 4,
      body: { pageNo: 1, pageSize: 20, consigneePhone: '512345' },
    },
    { name: 'consignee name', weight: 2, body: { pageNo: 1, pageSize: 20, consigneeName: 'Reem Al-Marri' } },
  ];
}

/** Numbers people look up on /search: ours mostly, carriers', customers', several at once, unknown. */
export function lookupPaths(w: World, n: number): string[] {
  const r = rng(4242);
  const pick = () => orderAt(w, 1 + Math.floor(r() * ORDERS));
  return Array.from({ length: n }, (_, k) => {
    const x = k % 20;
    let q: string;
    if (x < 13) q = pick().trackingNo;
    else if (x < 16) {
      const o = pick();
      q = carrierNo(o) ?? o.trackingNo;
    } else if (x < 18) q = pick().customerNo;
    else if (x < 19) q = Array.from({ length: 5 }, () => pick().trackingNo).join(',');
    else q = `GL9${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
    return `/api/common/v1/tracking/query/${encodeURIComponent(q)}`;
  });
}

export const clientIp = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

export async function fifty(
  t: Target,
  opts: {
    method: 'GET' | 'POST';
    anonymous?: boolean;
    next: (k: number) => { path: string; body?: string; ip?: string };
  },
  meter: Meter,
  seconds = SECONDS,
) {
  let k = 0;
  const run = (duration: number) =>
    autocannon({
      url: t.base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: opts.method,
          setupRequest: (req) => {
            const c = opts.next(k++);
            return {
              ...req,
              path: c.path,
              ...(c.body ? { body: c.body } : {}),
              headers: {
                ...req.headers,
                ...(opts.anonymous ? {} : { authorization: `Bearer ${t.token}` }),
                'local-lang': 'en',
                ...(c.body ? { 'content-type': 'application/json' } : {}),
                ...(c.ip ? { 'x-forwarded-for': c.ip } : {}),
              },
            };
          },
        },
      ],
    });
  await run(seconds > 3 ? 2 : 1);
  await meter.start();
  const r = await run(seconds);
  const cpu = await meter.stop(r.requests.total);
  return {
    cpu,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}
