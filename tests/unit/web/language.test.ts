// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  activateLocale,
  browserLocale,
  initialLocale,
  LANGUAGE_KEY,
  LOCALE_KEY,
  withoutLangParam,
} from '../../../src/web/i18n.ts';

afterEach(() => localStorage.clear());

describe('browserLocale', () => {
  it('takes the first supported language in the browser order', () => {
    expect(browserLocale(['fr-FR', 'ar-SA', 'en-US'])).toBe('ar');
    expect(browserLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLocale(['zh-TW'])).toBe('cn');
    expect(browserLocale(['ZH'])).toBe('cn');
  });

  it('finds nothing when no language is supported', () => {
    expect(browserLocale(['fr', 'de-DE', 'arn'])).toBeUndefined();
    expect(browserLocale([])).toBeUndefined();
  });
});

describe('initialLocale', () => {
  it('falls back to cn when nothing is stored and the browser language is unsupported', () => {
    expect(initialLocale('', ['fr'])).toBe('cn');
  });

  it('takes the browser language on a first visit', () => {
    expect(initialLocale('', ['ar-EG', 'en'])).toBe('ar');
  });

  it('prefers the stored choice (locale key, then language key) to the browser', () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(initialLocale('', ['ar'])).toBe('en');
    localStorage.setItem(LOCALE_KEY, 'cn');
    expect(initialLocale('', ['ar'])).toBe('cn');
  });

  it('ignores a stored value that is not a supported locale', () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    expect(initialLocale('', ['en'])).toBe('en');
  });

  it('lets a supported lang query parameter win, and only a supported one', () => {
    localStorage.setItem(LOCALE_KEY, 'cn');
    expect(initialLocale('?lang=ar', ['en'])).toBe('ar');
    expect(initialLocale('?x=1&lang=en', [])).toBe('en');
    expect(initialLocale('?lang=fr', [])).toBe('cn');
    expect(initialLocale('?lang=zh', ['en'])).toBe('cn');
  });
});

describe('activateLocale', () => {
  it('stores the choice under both keys and sets the page direction', async () => {
    await activateLocale('ar');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await activateLocale('cn');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('withoutLangParam', () => {
  it('drops lang and keeps the rest as written', () => {
    expect(withoutLangParam('/admin?lang=ar')).toBe('/admin');
    expect(withoutLangParam('/admin/order/list?pageNo=2&lang=en&name=%E5%8C%85')).toBe(
      '/admin/order/list?pageNo=2&name=%E5%8C%85',
    );
    expect(withoutLangParam('/login?lang=en&redirect=%2Fadmin#top')).toBe('/login?redirect=%2Fadmin#top');
    expect(withoutLangParam('/admin?language=x')).toBe('/admin?language=x');
    expect(withoutLangParam('/admin')).toBe('/admin');
  });
});
