import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../src/server/i18n.ts';

const catalog = (locale: string) =>
  parsePo(
    readFileSync(new URL(`../../src/shared/i18n/locales/${locale}/messages.po`, import.meta.url), 'utf8'),
  );

describe('translations', () => {
  it('exist in cn, en and ar for every message', () => {
    const en = catalog('en');
    expect(Object.keys(en).length).toBeGreaterThan(20);
    for (const locale of ['cn', 'ar']) {
      const other = catalog(locale);
      const missing = Object.keys(en).filter((id) => !other[id]);
      expect(missing, `${locale} lacks translations`).toEqual([]);
    }
  });

  it('keep the placeholders of the source message', () => {
    const en = catalog('en');
    for (const locale of ['cn', 'ar']) {
      const other = catalog(locale);
      for (const [id, text] of Object.entries(en)) {
        // a placeholder is `{name}` or `{name, plural|select ...}`; plural branches may differ per language
        const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();
        expect(names(other[id] ?? ''), `${locale} ${id}`).toEqual(names(text));
      }
    }
  });
});
