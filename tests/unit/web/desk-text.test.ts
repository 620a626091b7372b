import { describe, expect, it } from 'vitest';
import { dash, named } from '../../../src/web/admin/shared/text.ts';

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
});
