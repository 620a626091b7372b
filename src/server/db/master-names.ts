import { sql } from 'drizzle-orm';
import { type Db, runNamed } from './client.ts';

/**
 * The names the lists show beside a row's ids (a customer's code and name, a channel's, a
 * region's, a carrier's, a user's), kept in this process. A list reads `NAMES_VERSION` in its own
 * statement; the names cached under that stamp are the database's names as that statement saw
 * them (statement triggers change the stamp with every insert, delete or rename of these tables,
 * migration 0018), so a page never shows a name older than its rows, in any process, without a
 * timer. Looking 140 names up per page of 20 orders in the page's statement (a scalar subquery
 * per name) was four fifths of the statement's time on the database (bench/orders.ts).
 */
const NAME_KINDS = {
  customer: { table: 'customers', columns: ['code', 'name'] },
  channel: { table: 'shipping_channels', columns: ['code', 'name', 'name_en'] },
  region: { table: 'regions', columns: ['code', 'name_cn', 'name_en', 'name_ar'] },
  carrier: { table: 'carriers', columns: ['code', 'name', 'name_en'] },
  user: { table: 'users', columns: ['nickname', 'username'] },
} as const;

export type NameKind = keyof typeof NAME_KINDS;
/** A row's names in the order of its kind's `columns`. */
export type Names = readonly (string | null)[];
export type NameLookup = (kind: NameKind, id: number | null) => Names | null;

const KINDS = Object.keys(NAME_KINDS) as NameKind[];

/** The stamp to select in a list's statement (evaluated once per statement). */
export const NAMES_VERSION = sql.raw(`(SELECT "version" FROM "name_versions" WHERE "id" = 1)`);

/** Beyond this many names of one kind the process forgets that kind's names and starts again. */
const KEEP_PER_KIND = 20_000;

/**
 * One statement, always the same text (prepared once per connection): the stamp and the names of
 * the ids asked for, per kind.
 */
const namesQuery = (ids: Record<NameKind, number[]>) =>
  sql.join(
    [
      sql`SELECT ${NAMES_VERSION} AS "version"`,
      ...KINDS.map((kind) => {
        const { table, columns } = NAME_KINDS[kind];
        return sql`, (SELECT coalesce(json_agg(json_build_array(${sql.raw(['id', ...columns].map((c) => `"${c}"`).join(', '))})), '[]')
          FROM ${sql.raw(`"${table}"`)} WHERE "id" = ANY(${sql.param(ids[kind])}::bigint[])) AS ${sql.raw(`"${kind}"`)}`;
      }),
    ],
    sql``,
  );

type NamesRow = { version: number } & Record<NameKind, [number, ...(string | null)[]][]>;

let cached: { version: number; names: Record<NameKind, Map<number, Names>> } | undefined;

const emptyMaps = (): Record<NameKind, Map<number, Names>> =>
  Object.fromEntries(KINDS.map((k) => [k, new Map()])) as Record<NameKind, Map<number, Names>>;

/**
 * The names of the ids a page shows, as its statement saw them (`version`: the NAMES_VERSION it
 * selected): from memory, and the ones not there yet in one more statement.
 */
export async function resolveNames(
  db: Db,
  version: number,
  wanted: Partial<Record<NameKind, Iterable<number | null>>>,
): Promise<NameLookup> {
  if (cached?.version !== version) cached = { version, names: emptyMaps() };
  const own = cached;
  const missing = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<NameKind, number[]>;
  let any = false;
  for (const kind of KINDS) {
    const known = own.names[kind];
    const seen = new Set<number>();
    for (const id of wanted[kind] ?? []) {
      if (id === null || known.has(id) || seen.has(id)) continue;
      seen.add(id);
      missing[kind].push(id);
      any = true;
    }
  }
  if (!any) return (kind, id) => (id === null ? null : (own.names[kind].get(id) ?? null));
  const [row] = await runNamed<NamesRow>(db, 'master_names', namesQuery(missing));
  const fetched = emptyMaps();
  for (const kind of KINDS) for (const [id, ...names] of row![kind]) fetched[kind].set(id, names);
  // Names read under a newer stamp than the page's are newer than its rows: shown, not kept.
  if (row!.version === own.version)
    for (const kind of KINDS) {
      const map = own.names[kind];
      if (map.size + fetched[kind].size > KEEP_PER_KIND) map.clear();
      for (const [id, names] of fetched[kind]) map.set(id, names);
    }
  return (kind, id) => (id === null ? null : (own.names[kind].get(id) ?? fetched[kind].get(id) ?? null));
}
