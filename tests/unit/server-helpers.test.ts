import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { contentDisposition } from '../../src/server/http/bind.ts';
import { parsePo, requestLocale, translator } from '../../src/server/i18n.ts';
import { messages } from '../../src/shared/i18n/messages.ts';

describe('catalog reading', () => {
  it('reads single and multi-line entries and skips empty translations', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: cn\\n"',
      '',
      'msgid "a"',
      'msgstr "甲"',
      '',
      'msgid "b"',
      'msgstr ""',
      '"第一"',
      '"第二"',
      '',
      'msgid "c"',
      'msgstr ""',
      '',
    ].join('\n');
    expect(parsePo(po)).toEqual({ a: '甲', b: '第一第二' });
  });

  it('reads Accept-Language when no local-lang is sent, by weight, zh as cn', () => {
    expect(requestLocale({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'fr-FR, ar-SA;q=0.8, en;q=0.5' })).toBe('ar');
    expect(requestLocale({ 'accept-language': 'en;q=0.4, zh-Hans-CN;q=0.7' })).toBe('cn');
    expect(requestLocale({ 'accept-language': 'fr, de;q=0.9' })).toBe('cn');
    expect(requestLocale({ 'accept-language': 'ar;q=0, en;q=0.1' })).toBe('en');
    // local-lang, what the app sends, wins over the browser's languages.
    expect(requestLocale({ 'local-lang': 'cn', 'accept-language': 'ar' })).toBe('cn');
  });

  it('translates with values and falls back to cn for an unknown language', () => {
    expect(requestLocale({})).toBe('cn');
    expect(requestLocale({ 'local-lang': 'fr' })).toBe('cn');
    expect(requestLocale({ 'local-lang': 'ar' })).toBe('ar');
    expect(translator('en')(messages.validation, { fields: 'name' })).toBe('Some fields are not valid: name');
    expect(translator('cn')(messages.forbidden)).toBe('您没有执行此操作的权限');
  });
});

describe('downloads', () => {
  it('names files with an ASCII fallback and the UTF-8 name (RFC 6266)', () => {
    const h = contentDisposition('提单 "A".xlsx');
    expect(h).toBe(
      `attachment; filename="__ _A_.xlsx"; filename*=UTF-8''${encodeURIComponent('提单 "A".xlsx')}`,
    );
  });
});

describe('configuration', () => {
  it('has defaults', () => {
    const c = loadConfig({ TOKEN_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' });
    expect(c.port).toBe(3000);
    expect(c.businessTimeZone).toBe('Asia/Shanghai');
    expect(c.seedDemo).toBe(false);
    expect(c.dbPoolMax).toBeUndefined();
    // loadConfig makes its DATA_DIR: one of the test's own, removed after.
    const dataDir = mkdtempSync(join(tmpdir(), 'parcel-config-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(32), DATA_DIR: dataDir, DB_POOL_MAX: '24' }).dbPoolMax).toBe(
      24,
    );
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(32), DATA_DIR: dataDir }).seedDemo).toBe(true);
  });

  it('stops with a message naming each bad value', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        BUSINESS_TIME_ZONE: 'Mars/Base',
        DATABASE_URL: 'mysql://x',
        TOKEN_SECRET: 'short',
        DB_POOL_MAX: '1',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const msg = (e as Error).message;
      for (const name of ['PORT', 'BUSINESS_TIME_ZONE', 'DATABASE_URL', 'TOKEN_SECRET', 'DB_POOL_MAX'])
        expect(msg).toContain(name);
    }
  });
});
