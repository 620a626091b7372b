/** The PDA bench's settings (pda.ts), from the environment: see pda.ts's comment. */

export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
export const BROWSER = process.env.BENCH_BROWSER !== '0';
export const LOAD = process.env.BENCH_LOAD !== '0';
export const PROFILE = process.env.BENCH_PROFILE;
export const RELAXED = process.env.BENCH_RELAXED === '1';
/** More node flags for the product server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
export const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
/** A Chrome trace of 40 scans of (1) after the warm-up, written to `${BENCH_TRACE}-<target>.json`. */
export const TRACE = process.env.BENCH_TRACE;
/** A file prefix: each round's scan latencies of (1), in scan order, as JSON (`<prefix>-<tag>.json`). */
export const TIMES = process.env.BENCH_TIMES;
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'IndexedDB',
  'toplevel',
];
export const SIZE_ONLY = process.env.BENCH_SIZE_ONLY === '1';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCANS = Number(process.env.BENCH_SCANS ?? 500);
export const REPLAY = Number(process.env.BENCH_REPLAY ?? 1000);
export const WARM_UP = 20;
export const CONNECTIONS = 50;
/** Orders made ready for each round of (3): more than 50 connections can scan in its time. */
export const LOAD_ORDERS = Number(process.env.BENCH_LOAD_ORDERS ?? Math.max(20_000, SECONDS * 3_000));
export const TOKEN_SECRET = 'bench-secret-0123456789-0123456789-01';
export const ANTD = /node_modules\/(antd|@ant-design|rc-|@rc-component)/;
