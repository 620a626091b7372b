import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dash, localNamed, localNamedOptions, named, namedOptions } from '../../../src/web/admin/kit/text.ts';
import { ltr, typed } from '../../../src/web/ui/bidi.tsx';

const html = (n: ReactNode) => (typeof n === 'string' ? n : renderToStaticMarkup(n as never));

describe('how the desk writes a value and a named record', () => {
  it('shows a dash for no value', () => {
    expect(dash('SHP1')).toBe('SHP1');
    expect(dash('')).toBe('—');
    expect(dash(null)).toBe('—');
    expect(dash(undefined)).toBe('—');
  });

  it('names a record "name (code)", by its code without a name, a dash without its code', () => {
    expect(named('China→UAE air express', 'CN-AE-AIR')).toBe('China→UAE air express (CN-AE-AIR)');
    expect(named(null, 'DEMO')).toBe('DEMO');
    expect(named('', 'DEMO')).toBe('DEMO');
    expect(named('Demo Trading', null)).toBe('—');
    expect(named('Demo Trading', '')).toBe('—');
  });

  it('names a channel or carrier in Chinese for cn, else in English, Chinese when it has no English name', () => {
    const channel = { name: '中国→阿联酋空运', nameEn: 'China→UAE air express', code: 'CN-AE-AIR' };
    expect(localNamed(channel, 'cn')).toBe('中国→阿联酋空运 (CN-AE-AIR)');
    expect(localNamed(channel, 'en')).toBe('China→UAE air express (CN-AE-AIR)');
    expect(localNamed(channel, 'ar')).toBe('China→UAE air express (CN-AE-AIR)');
    expect(localNamed({ ...channel, nameEn: '' }, 'ar')).toBe('中国→阿联酋空运 (CN-AE-AIR)');
  });

  it('makes picker options of such records, none while they load', () => {
    const channel = { recId: 7, name: '中国→阿联酋空运', nameEn: 'China→UAE air express', code: 'CN-AE-AIR' };
    expect(namedOptions([{ recId: 3, name: 'Demo Trading', code: 'DEMO' }])).toEqual([
      { value: 3, label: 'Demo Trading (DEMO)' },
    ]);
    expect(namedOptions(undefined)).toEqual([]);
    expect(localNamedOptions([channel], 'cn')).toEqual([{ value: 7, label: '中国→阿联酋空运 (CN-AE-AIR)' }]);
    expect(localNamedOptions([channel], 'ar')).toEqual([
      { value: 7, label: 'China→UAE air express (CN-AE-AIR)' },
    ]);
    expect(localNamedOptions(undefined, 'en')).toEqual([]);
  });
});

describe('how the desk isolates a value from the page direction', () => {
  it('writes figures left to right and typed text in its own direction, a dash when empty', () => {
    expect(html(ltr('+966 50 123 4567'))).toBe('<span dir="ltr">+966 50 123 4567</span>');
    expect(html(typed('45 Olaya Street'))).toBe('<bdi>45 Olaya Street</bdi>');
    expect(html(typed('شارع العليا 45'))).toBe('<bdi>شارع العليا 45</bdi>');
    for (const empty of ['', null, undefined]) {
      expect(html(ltr(empty))).toBe('—');
      expect(html(typed(empty))).toBe('—');
    }
  });
});
