import { describe, expect, it } from 'vitest';
import { auditValue, diffLines } from '../../../src/web/admin/system/audit/audit-values.ts';

describe('the values of an audit diff', () => {
  it('shows an absent or empty value as a dash', () => {
    for (const v of [null, undefined, '', [], {}]) expect(auditValue(v)).toEqual({ kind: 'none' });
  });

  it('keeps text and numbers, names yes and no, and recognises stored times', () => {
    expect(auditValue('Packing line 1')).toEqual({ kind: 'text', text: 'Packing line 1' });
    expect(auditValue(0)).toEqual({ kind: 'number', text: '0' });
    expect(auditValue(true)).toEqual({ kind: 'yes' });
    expect(auditValue(false)).toEqual({ kind: 'no' });
    expect(auditValue('2026-12-06T14:19:00.000Z')).toEqual({ kind: 'time', iso: '2026-12-06T14:19:00.000Z' });
    // A day alone, or a time that is no time, stays text.
    expect(auditValue('2026-12-06')).toEqual({ kind: 'text', text: '2026-12-06' });
    expect(auditValue('2026-13-45T99:00:00Z').kind).toBe('text');
  });

  it('lists plain values one after another and indents anything nested', () => {
    expect(auditValue([3, 'a', true])).toEqual({ kind: 'list', items: ['3', 'a', 'true'] });
    expect(auditValue({ b: [1, { c: null }] })).toEqual({
      kind: 'json',
      text: '{\n  "b": [\n    1,\n    {\n      "c": null\n    }\n  ]\n}',
    });
    expect(auditValue([{ id: 1 }]).kind).toBe('json');
  });

  it('lines up the fields of an update, a create and a delete', () => {
    expect(diffLines({ before: { remark: 'a' }, after: { remark: 'b' } })).toEqual([
      { field: 'remark', before: 'a', after: 'b' },
    ]);
    expect(diffLines({ before: {}, after: { word: 'x', remark: '' } })).toEqual([
      { field: 'word', before: undefined, after: 'x' },
      { field: 'remark', before: undefined, after: '' },
    ]);
    expect(diffLines({ before: { word: 'x' }, after: {} })).toEqual([
      { field: 'word', before: 'x', after: undefined },
    ]);
  });
});
