import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/domain/enums.ts';

export { i18n };

/** Spec 9: the language is kept under a `locale` key in local storage. */
const STORAGE_KEY = 'locale';

/** BCP 47 tags for `<html lang>` and Intl; the product's own codes are cn, en and ar. */
export const LANGUAGE_TAGS: Record<Locale, string> = { cn: 'zh-CN', en: 'en', ar: 'ar' };

/**
 * Each language named in its own script, shown as-is in every locale (a reader looks for their
 * own language's name), so these are not catalog messages.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { cn: '简体中文', en: 'English', ar: 'العربية' };

export const isRtl = (locale: Locale): boolean => locale === 'ar';

function storedLocale(): Locale | undefined {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A `lang` query parameter wins (spec 2), then the stored choice, then cn. */
export function initialLocale(search = typeof location === 'undefined' ? '' : location.search): Locale {
  const fromQuery = new URLSearchParams(search).get('lang');
  return isLocale(fromQuery) ? fromQuery : (storedLocale() ?? DEFAULT_LOCALE);
}

/** The active UI locale (sent as `local-lang` on every call). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Loads the locale's catalog (compiled from the .po by the Lingui Vite plugin), activates and stores it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../shared/i18n/locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, locales: [LANGUAGE_TAGS[locale]], messages });
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not persisted: the choice still holds until reload.
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = LANGUAGE_TAGS[locale];
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  }
}
