import { gzipSync } from 'node:zlib';
import { expect, type Response, test } from './fixtures.ts';

/**
 * The first load of the public pages, /login (a PDA's first page) and /search (a consignee's),
 * stays within 100 kB of JavaScript gzip (issue 40): every script the page fetches until the
 * network is idle, each body gzipped at zlib's default level (as `gzip -c`). Lighthouse's scores
 * of these pages are in bench/lighthouse.ts.
 */
const BUDGET = 100 * 1024;

for (const path of ['/login', '/search']) {
  test(`the first load of ${path} stays within 100 kB of JavaScript gzip`, async ({ browser }) => {
    // No service worker and a new context: every script comes from the network.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts: { url: string; body: Promise<Buffer> }[] = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: new URL(response.url()).pathname, body: response.body() });
    });
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(
      scripts.map(async (s) => ({ url: s.url, gzip: gzipSync(await s.body).length })),
    );
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total, sizes.map((s) => `${s.url} ${s.gzip}`).join('\n')).toBeLessThanOrEqual(BUDGET);
    await context.close();
  });
}
