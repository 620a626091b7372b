/**
 * A value of an audit entry's diff as the screen shows it. Entries keep the record's fields as
 * JSON: an absent or empty value is a dash, times (stored as ISO text) are shown in the business
 * time zone, yes/no in the reader's language, lists of plain values one after another, and
 * anything nested as indented JSON.
 */
export type AuditValue =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'time'; iso: string }
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'list'; items: string[] }
  | { kind: 'json'; text: string };

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const plain = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function auditValue(v: unknown): AuditValue {
  if (v === null || v === undefined || v === '') return { kind: 'none' };
  if (typeof v === 'boolean') return { kind: v ? 'yes' : 'no' };
  if (typeof v === 'number') return { kind: 'number', text: String(v) };
  if (typeof v === 'string')
    return ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))
      ? { kind: 'time', iso: v }
      : { kind: 'text', text: v };
  if (Array.isArray(v)) {
    if (v.length === 0) return { kind: 'none' };
    if (v.every(plain)) return { kind: 'list', items: v.map(String) };
  }
  if (typeof v === 'object' && Object.keys(v as object).length === 0) return { kind: 'none' };
  return { kind: 'json', text: JSON.stringify(v, null, 2) };
}

/** One line of the diff: a field with its value before and after (absent before a create, after a delete). */
export interface AuditDiffLine {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields of an entry, in the order the change wrote them (its after's, then those only before had). */
export function diffLines(entry: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const fields = [...new Set([...Object.keys(entry.after), ...Object.keys(entry.before)])];
  return fields.map(
    (field): AuditDiffLine => ({ field, before: entry.before[field], after: entry.after[field] }),
  );
}
