import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, PROFILE, RELAXED } from './pda-settings.ts';
import type { Bill } from './world.ts';

/** The PDA bench's browser (pda.ts): a phone-sized Chromium, logging in, a bill's scan screen, counts. */

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  serviceWorkers: 'block' as const,
};

export async function logIn(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('pda');
  await page.locator('input[name="password"]').fill('pda123');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/pda$/, { timeout: 60_000 });
}

export async function openBill(page: Page, bill: Bill) {
  await page.goto(`/pda/scan/lading?bill=${bill.recId}`);
  await page.getByTestId('bill-no').filter({ hasText: bill.no }).waitFor({ timeout: 60_000 });
  await page.getByTestId('scan-input').waitFor();
  // The outbox starts with the session; a scan before that is refused locally ("starting").
  await page.waitForTimeout(1_000);
  await recordScans(page);
}

/**
 * Records in the page, from now on, the time of every Enter keydown (a window capture listener,
 * before the app's) and the time each scan row's code first shows in the DOM (a MutationObserver).
 */
export function recordScans(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { benchEnter: number; benchShown: Record<string, number> };
    w.benchEnter = 0;
    w.benchShown = {};
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') {
          w.benchEnter = performance.now();
          performance.mark('bench-enter');
        }
      },
      true,
    );
    // Looks only at what changed, so the observer itself costs the page little however many rows.
    const note = (node: Node, now: number) => {
      if (!(node instanceof Element)) return;
      const rows = node.matches('[data-testid="scan-row"][data-code]')
        ? [node]
        : node.querySelectorAll('[data-testid="scan-row"][data-code]');
      for (const row of rows) {
        const code = row.getAttribute('data-code')!;
        if (w.benchShown[code] !== undefined) continue;
        w.benchShown[code] = now;
        performance.mark('bench-shown');
      }
    };
    new MutationObserver((records) => {
      const now = performance.now();
      for (const r of records) {
        if (r.type === 'attributes') note(r.target, now);
        else for (const node of r.addedNodes) note(node, now);
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-code'],
    });
  });
}

/**
 * One keyboard-wedge burst into the focused scan field, as trusted key events (Playwright's
 * keyboard: the characters, then Enter); the time, taken in the page, from the Enter keydown to the
 * code's row in the DOM (see recordScans).
 */
export async function scanInPage(page: Page, code: string): Promise<number> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const handle = await page.waitForFunction(
    (text) => {
      const w = window as unknown as { benchEnter: number; benchShown: Record<string, number> };
      const shown = w.benchShown[text];
      return shown === undefined ? false : shown - w.benchEnter;
    },
    code,
    { timeout: 10_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** The outbox entries (IndexedDB, as committed) of these codes, by state. */
export function outboxStates(page: Page, codes: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    (wanted) =>
      new Promise<Record<string, number>>((ok, fail) => {
        const open = indexedDB.open('pda-outbox');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onerror = () => fail(all.error);
          all.onsuccess = () => {
            const set = new Set(wanted);
            const states: Record<string, number> = {};
            for (const e of all.result as { code: string | null; state: string }[])
              if (e.code && set.has(e.code)) states[e.state] = (states[e.state] ?? 0) + 1;
            db.close();
            ok(states);
          };
        };
      }),
    codes,
  );
}

/**
 * Counts, in every page of the context, the IndexedDB requests (reads, writes, cursor steps) and
 * times the scan calls (fetch start → answer read), for measures less sensitive to the machine's
 * load than latencies: IndexedDB work per scan, and how many scan calls were on the wire at once.
 */
export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript((relaxed: boolean) => {
    const w = window as unknown as {
      benchIdb: { reads: number; writes: number; steps: number; records: number };
      benchCalls: { start: number; end: number }[];
      benchCommits: number[];
    };
    w.benchIdb = { reads: 0, writes: 0, steps: 0, records: 0 };
    w.benchCalls = [];
    // How long each read-write transaction takes to commit (the disk's share of a scan's time).
    w.benchCommits = [];
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<typeof transaction>
    ) {
      if (relaxed) args[2] = { ...args[2], durability: 'relaxed' };
      const tx = transaction.apply(this, args);
      if (tx.mode === 'readwrite') {
        const started = performance.now();
        tx.addEventListener('complete', () => w.benchCommits.push(performance.now() - started));
      }
      return tx;
    };
    const count = (proto: object, names: string[], key: 'reads' | 'writes' | 'steps') => {
      for (const name of names) {
        const original = (proto as Record<string, unknown>)[name];
        if (typeof original !== 'function') continue;
        (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          w.benchIdb[key] += 1;
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        };
      }
    };
    const reads = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
    count(IDBObjectStore.prototype, reads, 'reads');
    count(IDBIndex.prototype, reads, 'reads');
    count(IDBObjectStore.prototype, ['add', 'put', 'delete', 'clear'], 'writes');
    count(IDBCursor.prototype, ['continue', 'advance', 'continuePrimaryKey'], 'steps');
    // Records read: what each get or getAll answered, and each record a cursor stood on.
    const counted = (proto: object, names: string[]) => {
      for (const name of names) {
        const original = (proto as Record<string, unknown>)[name];
        if (typeof original !== 'function') continue;
        (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
          const request = (original as (...a: unknown[]) => IDBRequest).apply(this, args);
          request.addEventListener('success', () => {
            const result = request.result as unknown;
            w.benchIdb.records += Array.isArray(result) ? result.length : result == null ? 0 : 1;
          });
          return request;
        };
      }
    };
    counted(IDBObjectStore.prototype, ['get', 'getAll', 'openCursor']);
    counted(IDBIndex.prototype, ['get', 'getAll', 'openCursor']);
    const step = IDBCursor.prototype.continue;
    IDBCursor.prototype.continue = function (this: IDBCursor, key?: IDBValidKey) {
      w.benchIdb.records += 1;
      return step.call(this, key);
    };
    const fetch = window.fetch;
    window.fetch = async (...args: Parameters<typeof window.fetch>) => {
      const url = String(args[0] instanceof Request ? args[0].url : args[0]);
      if (!url.includes('/scanTrackingNo/')) return fetch(...args);
      const call = { start: performance.now(), end: Number.NaN };
      w.benchCalls.push(call);
      const response = await fetch(...args);
      const copy = response.clone();
      void copy.text().then(
        () => (call.end = performance.now()),
        () => (call.end = performance.now()),
      );
      return response;
    };
  }, RELAXED);
}

/** Starts the page's CPU profiler when BENCH_PROFILE names a directory; the returned call saves it. */
export async function profile(
  cdp: import('playwright-core').CDPSession,
  name: string,
): Promise<() => Promise<void>> {
  const dir = PROFILE;
  if (!dir) return async () => {};
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile: data } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(data));
  };
}

export interface PageCounts {
  idb: { reads: number; writes: number; steps: number; records: number };
  /** Main-thread task time (CDP Performance metrics), ms. */
  taskMs: number;
  /** CPU time of Chromium's renderer processes and of its browser side (browser, network and storage processes), ms. */
  rendererCpuMs: number;
  browserCpuMs: number;
  rows: number;
}

/** CPU time so far of the browser's processes by type (CDP SystemInfo), ms. */
export async function cpuTimes(page: Page): Promise<{ renderer: number; browser: number }> {
  const session = await page.context().browser()!.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; cpuTime: number }[];
    };
    const sum = (keep: (type: string) => boolean) =>
      processInfo.filter((p) => keep(p.type)).reduce((a, p) => a + p.cpuTime * 1000, 0);
    // The browser side: the browser process with its network and storage services (IndexedDB).
    return { renderer: sum((t) => t === 'renderer'), browser: sum((t) => t !== 'renderer' && t !== 'GPU') };
  } finally {
    await session.detach();
  }
}

export async function pageCounts(page: Page, cdp: import('playwright-core').CDPSession): Promise<PageCounts> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const taskMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const cpu = await cpuTimes(page);
  return page.evaluate(
    ({ task, cpu }) => {
      const w = window as unknown as {
        benchIdb: { reads: number; writes: number; steps: number; records: number };
      };
      return {
        idb: { ...w.benchIdb },
        taskMs: task,
        rendererCpuMs: cpu.renderer,
        browserCpuMs: cpu.browser,
        rows: document.querySelectorAll('[data-testid="scan-row"]').length,
      };
    },
    { task: taskMs, cpu },
  );
}

export const perScan = (a: PageCounts, b: PageCounts, n: number) => ({
  taskMs: (b.taskMs - a.taskMs) / n,
  rendererCpuMs: (b.rendererCpuMs - a.rendererCpuMs) / n,
  browserCpuMs: (b.browserCpuMs - a.browserCpuMs) / n,
  reads: (b.idb.reads - a.idb.reads) / n,
  writes: (b.idb.writes - a.idb.writes) / n,
  steps: (b.idb.steps - a.idb.steps) / n,
  records: (b.idb.records - a.idb.records) / n,
});
