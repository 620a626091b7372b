import { median } from './harness.ts';
import { ORDERS } from './order-gen.ts';
import type { loadOrders } from './order-load.ts';
import type { fifty } from './orders-requests.ts';

/** What one target measured (orders.ts), and the table printed of it. */

const MB = 1024 * 1024;

export interface Measured {
  database: string;
  load: Awaited<ReturnType<typeof loadOrders>>;
  listOne: {
    p50: number;
    p95: number;
    errors: number;
    cpu: { node: number; db: number };
    perQuery: { name: string; weight: number; p50: number; p95: number }[];
  }[];
  listFifty: Awaited<ReturnType<typeof fifty>>[];
  lookupOne: { p50: number; p95: number; errors: number; cpu: { node: number; db: number } }[];
  /** The machine's 1-minute load average at each round (2 cores here, shared with other work). */
  loadAverage: number[];
  /** GET /user/current (token and session only): the floor under every staff call. */
  floor: { p50: number; p95: number; rps: number; cpu: { node: number; db: number } }[];
  lookupFifty: Awaited<ReturnType<typeof fifty>>[];
  imports: {
    seconds: number;
    orders: number;
    peakRss: number;
    baselineRss: number;
    fileMb: number;
    error?: string;
  }[];
}

/** Prints the medians of the rounds against their targets, and each round's figure. */
export function printReport(results: readonly Measured[], rounds: number): void {
  const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));
  const row = (label: string, xs: number[], unit: string, target: string, met: (m: number) => boolean) =>
    xs.length
      ? `${label}\t${fmt(median(xs))} ${unit}\t(${xs.map(fmt).join(', ')})${target === 'info' ? '' : `\t${target}: ${met(median(xs)) ? 'met' : 'MISSED'}`}`
      : '';
  console.log(
    `\n${ORDERS.toLocaleString('en')} orders, medians of ${rounds} rounds (each round's figure in brackets), 127.0.0.1\n`,
  );
  for (const m of results) {
    console.log(m.database);
    const lines = [
      row(
        '  list, one client p50',
        m.listOne.map((x) => x.p50),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  list, one client p95',
        m.listOne.map((x) => x.p95),
        'ms',
        'target < 10 ms',
        (v) => v < 10,
      ),
      row(
        '  list, 50 connections',
        m.listFifty.map((x) => x.rps),
        'req/s',
        'target ≥ 900',
        (v) => v >= 900,
      ),
      row(
        '  list, 50 connections p99',
        m.listFifty.map((x) => x.p99),
        'ms',
        'target < 100 ms',
        (v) => v < 100,
      ),
      row(
        '  lookup, one client p50',
        m.lookupOne.map((x) => x.p50),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  lookup, one client p95',
        m.lookupOne.map((x) => x.p95),
        'ms',
        'target < 3 ms',
        (v) => v < 3,
      ),
      row(
        '  lookup, 50 connections',
        m.lookupFifty.map((x) => x.rps),
        'req/s',
        'info',
        () => true,
      ),
      row(
        '  lookup, 50 connections p99',
        m.lookupFifty.map((x) => x.p99),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  list, CPU per request (server + db)',
        m.listFifty.map((x) => x.cpu.node + x.cpu.db),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  lookup, CPU per request (server + db)',
        m.lookupFifty.map((x) => x.cpu.node + x.cpu.db),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  floor (user/current), one client p50',
        m.floor.map((x) => x.p50),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  floor (user/current), one client p95',
        m.floor.map((x) => x.p95),
        'ms',
        'info',
        () => true,
      ),
      row(
        '  floor (user/current), 50 connections',
        m.floor.map((x) => x.rps),
        'req/s',
        'info',
        () => true,
      ),
      row(
        '  floor, CPU per request (server + db)',
        m.floor.map((x) => x.cpu.node + x.cpu.db),
        'ms',
        'info',
        () => true,
      ),
      row('  load average (1 min) at each round', m.loadAverage, '', 'info', () => true),
      row(
        '  import, seconds',
        m.imports.map((x) => x.seconds),
        's',
        'target < 60 s',
        (v) => v < 60,
      ),
      row(
        '  import, server peak RSS',
        m.imports.map((x) => x.peakRss / MB),
        'MB',
        'target < 600 MB',
        (v) => v < 600,
      ),
    ];
    for (const l of lines) if (l) console.log(l);
    const errors =
      m.listOne.reduce((n, x) => n + x.errors, 0) +
      m.listFifty.reduce((n, x) => n + x.errors, 0) +
      m.lookupOne.reduce((n, x) => n + x.errors, 0) +
      m.lookupFifty.reduce((n, x) => n + x.errors, 0);
    if (errors) console.log(`  errors or non-2xx answers: ${errors}`);
    for (const imp of m.imports) if (imp.error) console.log(`  import refused: ${imp.error}`);
    console.log('  list, one client, by filter set (share of the mix %: p50 / p95 ms, medians):');
    for (const [k, q] of (m.listOne[0]?.perQuery ?? []).entries())
      console.log(
        `    ${q.name} (${q.weight}): ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p50)))} / ${fmt(median(m.listOne.map((x) => x.perQuery[k]!.p95)))}`,
      );
  }
}
