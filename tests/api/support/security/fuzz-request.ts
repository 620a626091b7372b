import fc from 'fast-check';
import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { xlsxOf } from '../../../support/files.ts';
import { arbitraryOf } from '../zod-arbitrary.ts';
import { HOSTILE_VALUES } from './hostile.ts';
import type { Req } from './send.ts';

/**
 * Requests for one contract entry, derived from its zod request schemas: ids drawn from real
 * records, small numbers and the whole id range; multipart calls get files (random bytes, CSV or
 * xlsx with hostile cells) and text fields.
 */
export function requestArb(def: EndpointDef, realIds: number[]): fc.Arbitrary<Req> {
  const ids = fc.oneof(
    fc.constantFrom(...realIds),
    fc.integer({ min: 1, max: 60 }),
    fc.integer({ min: 1, max: 2_147_483_647 }),
  );
  const o = { idFor: () => ids };
  const part = (s: EndpointDef['body']) => (s ? arbitraryOf(s, o) : fc.constant(undefined));
  const base = fc.record({ params: part(def.params), query: part(def.query), body: part(def.body) });
  if (def.kind !== 'multipart') return base.map(clean);
  return fc.record({ file: fileArb, fields: fieldsArb(ids) }).map((f) => f as unknown as Req);
}

function clean(r: { params: unknown; query: unknown; body: unknown }): Req {
  const out: Req = {};
  if (r.params !== undefined) out.params = r.params as Req['params'];
  if (r.query && typeof r.query === 'object') out.query = r.query as Req['query'];
  if (r.body !== undefined) out.body = r.body;
  return out;
}

/** Query values travel as text. */
export function asQuery(q: Req['query']): Req['query'] {
  if (!q || typeof q !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

const cellArb = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES.filter((v) => typeof v === 'string' || typeof v === 'number')),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('GL0001000001', 'SMSA', 'CN-SA-AIR-COD', 'SA', '1.25', '2026-01-05 09:30'),
) as fc.Arbitrary<string | number>;

/** Rows of cells, serialised later as CSV or xlsx (the engine reads both). */
const fileArb = fc
  .record({
    kind: fc.constantFrom('csv', 'xlsx', 'bytes', 'name'),
    rows: fc.array(fc.array(cellArb, { maxLength: 8 }), { maxLength: 6 }),
    bytes: fc.uint8Array({ maxLength: 3000 }),
    name: fc.constantFrom(
      'a.xlsx',
      'a.csv',
      'a.png',
      '../../etc/passwd.xlsx',
      'x'.repeat(300),
      '名字.xlsx',
      'a\u0000.csv',
    ),
  })
  .map((f) => ({ ...f, name: f.kind === 'name' ? f.name : `fuzz.${f.kind === 'csv' ? 'csv' : 'xlsx'}` }));

const fieldsArb = (ids: fc.Arbitrary<number>) =>
  fc.dictionary(
    fc.constantFrom('customerId', 'carrierId', 'name', 'zzInjected'),
    fc.oneof(
      ids.map(String),
      fc.constantFrom(...HOSTILE_VALUES.filter((v) => typeof v === 'string')),
    ) as fc.Arbitrary<string>,
    { maxKeys: 3 },
  );

/** Builds the file part of a multipart request drawn by `requestArb`. */
export async function materialise(req: Req): Promise<Req> {
  const f = req.file as unknown as
    | { kind: string; rows: (string | number)[][]; bytes: Uint8Array; name: string }
    | undefined;
  if (!f || Buffer.isBuffer((f as { content?: unknown }).content)) return req;
  const csv = () =>
    Buffer.from(f.rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\n'));
  const content = f.kind === 'xlsx' ? await xlsxOf(f.rows) : f.kind === 'csv' ? csv() : Buffer.from(f.bytes);
  return { ...req, file: { name: f.name, content } };
}
