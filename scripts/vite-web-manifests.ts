/**
 * The web app manifests (issue 40), one per kind of install and language, written into the build:
 * `manifest-app-{cn,en,ar}.webmanifest` for the app as a whole (start_url `/`, which leads each
 * user home) and `manifest-pda-{cn,en,ar}.webmanifest` for a PDA account's device (start_url
 * `/pda`, a shortcut to each scan task). Each carries its `lang` and `dir`, its texts from the
 * catalogues (src/web/install-texts.ts, src/web/pda/scan-tasks.tsx), icons and screenshots.
 * The HTML names none: each page links the one for its account and language as its script starts
 * (src/web/web-manifest.ts). `manifest.webmanifest`, the app's in Chinese, is what the HTML of
 * earlier versions named (a page an older worker still serves from its cache).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parsePo } from '../src/server/i18n.ts';

type Locale = 'cn' | 'en' | 'ar';
const LOCALES: readonly Locale[] = ['cn', 'en', 'ar'];
const LANG: Record<Locale, string> = { cn: 'zh-CN', en: 'en', ar: 'ar' };
export type InstallKind = 'app' | 'pda';

/** The scan tasks (src/web/pda/scan-tasks.tsx): their screens and titles (source texts). */
const SHORTCUTS: readonly { url: string; name: string; description: string }[] = [
  { url: '/pda/scan/lading', name: 'Lading scan', description: 'Scan parcels into a lading bill' },
  { url: '/pda/scan/batch', name: 'Batch scan', description: 'Scan lading bills into a batch' },
  {
    url: '/pda/scan/overseas',
    name: 'Overseas lading',
    description: 'Scan parcels into an overseas lading bill',
  },
  { url: '/pda/scan/package', name: 'Package scan', description: 'Scan orders into a package' },
  { url: '/pda/action/confirm', name: 'Confirm', description: 'Seal a bill: it takes no more scans' },
  { url: '/pda/action/pickup', name: 'Confirm pickup', description: 'The carrier took the bill' },
  {
    url: '/pda/action/cancel',
    name: 'Cancel pickup',
    description: "Cancel a bill's pickup and free its parcels",
  },
  { url: '/pda/exchange', name: 'Exchange scan', description: 'Relabel a parcel for its last-mile carrier' },
];

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/** public/screenshots/ (not precached: vite.config.ts). */
const SCREENSHOTS: Record<InstallKind, { src: string; sizes: string; form_factor: 'narrow' | 'wide' }[]> = {
  pda: [{ src: '/screenshots/pda-home.png', sizes: '720x1480', form_factor: 'narrow' }],
  app: [
    { src: '/screenshots/desk-orders.png', sizes: '1366x800', form_factor: 'wide' },
    { src: '/screenshots/pda-home.png', sizes: '720x1480', form_factor: 'narrow' },
  ],
};

export function manifestFile(kind: InstallKind, locale: Locale): string {
  return `manifest-${kind}-${locale}.webmanifest`;
}

/** A manifest, its texts through `t` (source text → the locale's; throws on a missing one). */
export function webManifest(kind: InstallKind, locale: Locale, t: (source: string) => string) {
  const pda = kind === 'pda';
  return {
    // One app for both kinds: "/" leads each account home, so an app installed from either opens right.
    id: '/',
    name: t(pda ? 'Parcel PDA' : 'Parcel Back Office'),
    short_name: t('Parcel'),
    description: t(
      pda
        ? 'Scan parcels into bills and batches, offline too'
        : 'Cross-border parcel back office and PDA scanning',
    ),
    lang: LANG[locale],
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    start_url: pda ? '/pda' : '/',
    scope: '/',
    display: 'standalone',
    orientation: pda ? 'portrait' : 'any',
    theme_color: '#1d5fbf',
    background_color: '#f5f7fa',
    categories: ['business', 'productivity'],
    icons: ICONS,
    screenshots: SCREENSHOTS[kind],
    ...(pda
      ? {
          shortcuts: SHORTCUTS.map((s) => ({
            name: t(s.name),
            short_name: t(s.name),
            description: t(s.description),
            url: s.url,
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          })),
        }
      : {}),
  };
}

/** Reads a locale's translations (source text → translation; English is the source). */
export function catalogTranslator(root: string, locale: Locale): (source: string) => string {
  const catalog = parsePo(
    readFileSync(resolve(root, `src/shared/i18n/locales/${locale}/messages.po`), 'utf8'),
  );
  const source = parsePo(readFileSync(resolve(root, 'src/shared/i18n/locales/en/messages.po'), 'utf8'));
  return (text) => {
    if (!(text in source))
      throw new Error(`web manifest: "${text}" is not in the catalogue (install-texts.ts)`);
    return locale === 'en' ? text : (catalog[text] ?? text);
  };
}

export function webManifests(root: string): Plugin {
  return {
    name: 'web-manifests',
    apply: 'build',
    generateBundle() {
      for (const locale of LOCALES) {
        const t = catalogTranslator(root, locale);
        for (const kind of ['app', 'pda'] as const)
          this.emitFile({
            type: 'asset',
            fileName: manifestFile(kind, locale),
            source: JSON.stringify(webManifest(kind, locale, t), null, 2),
          });
        if (locale === 'cn')
          this.emitFile({
            type: 'asset',
            fileName: 'manifest.webmanifest',
            source: JSON.stringify(webManifest('app', locale, t), null, 2),
          });
      }
    },
  };
}
