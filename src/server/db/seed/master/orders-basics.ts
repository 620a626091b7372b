/** The demo orders' constants, the seeded generator the seeds share, and number formats. */

export const ORDER_COUNT = 2_400;
/** Open interception requests the demo always has, on the latest orders. */
export const MIN_PENDING_INTERCEPTS = 3;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const DAYS = 60;
/** Demo customer numbers start with this (DEMO's shop order numbers); it marks the seed as done. */
export const DEMO_NO_PREFIX = 'SHP';

// ---- a seeded generator ----

export function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const between = (a: number, b: number) => a + (b - a) * next();
  return {
    next,
    between,
    int: (a: number, b: number) => Math.floor(between(a, b + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((n, [, w]) => n + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

export type Rng = ReturnType<typeof generator>;

export const round = (x: number, scale: number) => x.toFixed(scale);
export const money = (x: number) => x.toFixed(2);
