import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/domain/enums.ts';

export { i18n };

/**
 * Spec 9: the language is kept in local storage under a locale key and a language key (the
 * locale key is read first; either alone restores the choice).
 */
export const LOCALE_KEY = 'locale';
export const LANGUAGE_KEY = 'language';

/** BCP 47 tags for `<html lang>` and Intl; the product's own codes are cn, en and ar. */
export const LANGUAGE_TAGS: Record<Locale, string> = { cn: 'zh-CN', en: 'en', ar: 'ar' };

/**
 * Each language named in its own script, shown as-is in every locale (a reader looks for their
 * own language's name), so these are not catalog messages.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { cn: '简体中文', en: 'English', ar: 'العربية' };

/** Spec 1: the language selector's labels. */
export const LANGUAGE_LABELS: Record<Locale, string> = { cn: 'CN', en: 'EN', ar: 'AR' };

export const isRtl = (locale: Locale): boolean => locale === 'ar';

function storedLocale(): Locale | undefined {
  try {
    const store = globalThis.localStorage;
    if (!store) return undefined;
    for (const key of [LOCALE_KEY, LANGUAGE_KEY]) {
      const value = store.getItem(key);
      if (isLocale(value)) return value;
    }
  } catch {
    // Storage denied: nothing was stored.
  }
  return undefined;
}

/** Browser language tags that name each locale (zh-TW and zh-Hant read the simplified catalog too). */
const BROWSER_PREFIXES: [prefix: string, locale: Locale][] = [
  ['zh', 'cn'],
  ['en', 'en'],
  ['ar', 'ar'],
];

/**
 * The first of the browser's preferred languages (highest weight first, as `navigator.languages`
 * lists them) that the product speaks.
 */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    for (const [prefix, locale] of BROWSER_PREFIXES)
      if (lower === prefix || lower.startsWith(`${prefix}-`)) return locale;
  }
  return undefined;
}

function preferredLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * A supported `lang` query parameter wins (spec 2), then the stored choice, then (first visit) the
 * browser's preferred languages, then cn.
 */
export function initialLocale(
  search = typeof location === 'undefined' ? '' : location.search,
  languages: readonly string[] = preferredLanguages(),
): Locale {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLocale(fromQuery)) return fromQuery;
  return storedLocale() ?? browserLocale(languages) ?? DEFAULT_LOCALE;
}

/**
 * `href` without its `lang` query parameter, the other parameters left exactly as written: the
 * language has been applied and stored, so the address no longer needs to carry it.
 */
export function withoutLangParam(href: string): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return href;
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((part) => part !== '' && part !== 'lang' && !part.startsWith('lang='));
  return `${beforeHash.slice(0, queryAt)}${kept.length ? `?${kept.join('&')}` : ''}${hash}`;
}

/** The active UI locale (sent as `local-lang` on every call). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** The page's language: the active one, or before the first activation the one it will activate. */
export function pageLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : initialLocale();
}

/**
 * The catalogue comes in two parts (vite-surface-catalogs.ts): the messages of the PDA's files,
 * and the rest. The PDA surface loads its part only; a desk page adds the other one.
 */
export type Surface = 'pda' | 'desk';

type Part = () => Promise<{ messages: Messages }>;
const PARTS: Record<Surface, Record<Locale, Part>> = {
  pda: {
    cn: () => import('../shared/i18n/locales/cn/messages.po?surface=pda'),
    en: () => import('../shared/i18n/locales/en/messages.po?surface=pda'),
    ar: () => import('../shared/i18n/locales/ar/messages.po?surface=pda'),
  },
  desk: {
    cn: () => import('../shared/i18n/locales/cn/messages.po?surface=desk'),
    en: () => import('../shared/i18n/locales/en/messages.po?surface=desk'),
    ar: () => import('../shared/i18n/locales/ar/messages.po?surface=desk'),
  },
};

/** The parts wanted so far; every page needs the PDA's (the root, error pages, the API client). */
const wanted = new Set<Surface>(['pda']);
/** The parts already in the catalogue, as `surface:locale`. */
const merged = new Set<string>();

/** The pages built without the desk (src/web/light), whose messages are in the PDA's part. */
const LIGHT_PAGES = new Set(['/login', '/search']);

/** The parts a page at this path needs first: the PDA's on /pda and the light pages, both elsewhere. */
export const surfacesOf = (pathname: string): Surface[] =>
  pathname === '/pda' || pathname.startsWith('/pda/') || LIGHT_PAGES.has(pathname)
    ? ['pda']
    : ['pda', 'desk'];

/** Puts a part into the catalogue of a locale, once (each load renders the app again). */
async function mergePart(surface: Surface, locale: Locale): Promise<void> {
  const key = `${surface}:${locale}`;
  if (merged.has(key)) return;
  const { messages } = await PARTS[surface][locale]();
  if (merged.has(key)) return;
  merged.add(key);
  i18n.load(locale, messages);
}

/** Loads the locale's catalogue parts (compiled by the Vite plugins), activates and stores it. */
export async function activateLocale(locale: Locale, surfaces: readonly Surface[] = []): Promise<void> {
  for (const surface of surfaces) wanted.add(surface);
  await Promise.all([...wanted].map((surface) => mergePart(surface, locale)));
  i18n.activate(locale, [LANGUAGE_TAGS[locale]]);
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
    globalThis.localStorage?.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Not persisted: the choice still holds until reload.
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = LANGUAGE_TAGS[locale];
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
}

/** Adds a part's messages in the active language (a desk page opening after the PDA's). */
export async function loadSurfaceMessages(surface: Surface): Promise<void> {
  wanted.add(surface);
  if (isLocale(i18n.locale)) await mergePart(surface, i18n.locale);
}

// A message the loaded parts lack (used across surfaces after the last extraction) brings the
// rest of the catalogue, and the page renders again in the right language.
i18n.on('missing', () => void loadSurfaceMessages('desk'));
