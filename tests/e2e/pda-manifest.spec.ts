import { expect, type Page, test } from './fixtures.ts';
import { logIn } from './pda-support.ts';

/**
 * Issue 40, the web app manifest (scripts/vite-web-manifests.ts, src/web/web-manifest.ts): a PDA
 * account's page links the PDA's (start on /pda, a shortcut per scan task), in its language with
 * `lang` and `dir`; Chromium reads it without a complaint.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

interface Manifest {
  id: string;
  name: string;
  lang: string;
  dir: string;
  start_url: string;
  shortcuts?: { name: string; url: string }[];
  screenshots: { src: string; form_factor: string }[];
  icons: { src: string }[];
}

/**
 * Waits until the page links `href` and Chromium has read it; answers Chromium's errors and the
 * manifest as served. Chromium must never have read another one first: it keeps a manifest whose
 * fetch was under way when the link changed (src/web/web-manifest.ts), so the page links the right
 * one at once, not after a first guess.
 */
async function linked(page: Page, href: string): Promise<{ errors: unknown[]; manifest: Manifest }> {
  const cdp = await page.context().newCDPSession(page);
  let parsed = { url: '', errors: [] as unknown[] };
  const read = new Set<string>();
  await expect
    .poll(async () => {
      const linkedHref = await page.evaluate(
        () => document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      );
      parsed = (await cdp.send('Page.getAppManifest')) as typeof parsed;
      // No manifest linked yet (the page's script links it) reads as an empty address.
      if (parsed.url) read.add(new URL(parsed.url).pathname);
      return [linkedHref, parsed.url ? new URL(parsed.url).pathname : null];
    })
    .toEqual([href, href]);
  await cdp.detach();
  expect([...read], 'the manifests Chromium read on this page').toEqual([href]);
  const manifest = (await (await page.request.get(href)).json()) as Manifest;
  return { errors: parsed.errors, manifest };
}

test("a PDA account's page links the PDA's manifest, in its language, with its shortcuts", async ({
  page,
}) => {
  // The catalogues come late, as over a PDA's slow network: the page links its manifest without
  // waiting for them (a first guess, changed when they came, was what Chromium kept now and then).
  await page.route(/\/assets\/messages-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await page.goto('/login?lang=en');
  const visitor = await linked(page, '/manifest-app-en.webmanifest');
  expect(visitor.errors).toEqual([]);
  expect(visitor.manifest).toMatchObject({ id: '/', start_url: '/', lang: 'en', dir: 'ltr' });

  await logIn(page);
  const pda = await linked(page, '/manifest-pda-en.webmanifest');
  expect(pda.errors).toEqual([]);
  expect(pda.manifest).toMatchObject({ id: '/', start_url: '/pda', lang: 'en', dir: 'ltr' });
  expect(pda.manifest.shortcuts?.map((s) => s.url)).toEqual([
    '/pda/scan/lading',
    '/pda/scan/batch',
    '/pda/scan/overseas',
    '/pda/scan/package',
    '/pda/action/confirm',
    '/pda/action/pickup',
    '/pda/action/cancel',
    '/pda/exchange',
  ]);
  expect(pda.manifest.shortcuts?.[0]?.name).toBe('Lading scan');
  for (const { src } of [...pda.manifest.screenshots, ...pda.manifest.icons])
    expect((await page.request.get(src)).status(), src).toBe(200);
  // A shortcut opens its screen.
  await page.goto('/pda/scan/lading');
  await expect(page).toHaveURL(/\/pda\/scan\/lading/);

  // Arabic: right to left, the shortcuts in Arabic.
  await page.goto('/pda?lang=ar');
  const ar = await linked(page, '/manifest-pda-ar.webmanifest');
  expect(ar.errors).toEqual([]);
  expect(ar.manifest).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/pda' });
  expect(ar.manifest.shortcuts?.[0]?.name).toBe('مسح بوليصة الشحن');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});
