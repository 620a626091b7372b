import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateJobSchema } from '../jobs/job-schema.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The URL it was opened with (the job engine opens its own connections to it). */
  url: string;
  close(): Promise<void>;
}

// node-postgres returns int8 and numeric as strings; keep numeric as string (money, weights are
// decimal strings on the wire) and parse int8 counts, which fit in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * The planner's cost of a random page read in our sessions: 1.1 (PostgreSQL's default 4 is for
 * spinning disks; its documentation suggests near 1 when the data is cached, as the orders the
 * screens read are). At 4 the staff list's signed orders of a channel were read through the
 * creation-time index, filtering 15,000 newer unsigned orders (5 ms of database CPU a call),
 * rather than through the status-and-channel index (0.4 ms). A URL that sets `options` keeps its own.
 */
const SESSION_OPTIONS = '-c random_page_cost=1.1';

/**
 * Connections a server's pool keeps at most, unless DB_POOL_MAX says otherwise. On the two cores
 * the product is measured on, more sessions than the cores can run only take turns: at 50
 * connections of load, 10 instead of 20 made the order list 1,232-1,261 req/s against 1,119-1,207
 * (1.28 against 1.37 ms of server and database CPU a call) and the PDA's scan call 1,053-1,155
 * scans/s against 918-964 on the embedded database (1,143-1,312 against 1,020-1,043 on PostgreSQL
 * 15), alternated the same hour (bench/README.md). An export or a report holds one connection
 * while it runs; a larger machine, or many at once, may want more.
 */
export const DEFAULT_POOL_MAX = 10;

export function openDatabase(url: string, max = DEFAULT_POOL_MAX): Database {
  const own = new URL(url).searchParams.has('options');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Statements go out without waiting for the answers of those before them (pg's pipeline
    // mode): several at once on one connection (a transaction's Promise.all, pipelinedTransaction)
    // share a round trip and are answered in order.
    pipeline: true,
    idleTimeoutMillis: 30_000,
    ...(own ? {} : { options: SESSION_OPTIONS }),
  });
  // An idle client that loses its server (a restart) emits here; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

/** Time and date types (and their arrays) arrive as text, as Drizzle's own queries read them. */
const AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const textTimes = {
  getTypeParser: ((oid: number, format?: string) =>
    AS_TEXT.has(oid)
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Runs SQL text on the database or inside a transaction (drizzle keeps its pool or client as
 * `session.client`), for statements built once or whose text is needed anyway; times arrive as text
 * (as in Drizzle's queries, so its column decoders apply). With a `name` it is
 * a named prepared statement: each pooled connection parses and plans it once instead of on every
 * call; for the few fixed statements nearly every request sends (the session lookup), whose
 * planning cost more than running them.
 */
export async function runSql<T extends pg.QueryResultRow>(
  db: Db,
  text: string,
  values: unknown[],
  name?: string,
): Promise<T[]> {
  const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
  return (await client.query<T>({ text, values, types: textTimes, ...(name ? { name } : {}) })).rows;
}

const dialect = new PgDialect();

/**
 * Runs Drizzle SQL whose text never changes (only its parameters) as a named prepared statement:
 * see runSql. For hot statements that look rows up by keys, whose plan does not depend on the values.
 * An array goes in as one parameter (`sql.param(array)`), never spread: the text must not vary.
 */
export function runNamed<T extends pg.QueryResultRow>(db: Db, name: string, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  return runSql<T>(db, q.sql, q.params, name);
}

/** Runs Drizzle SQL as an unnamed statement, its rows as runSql reads them (times as text). */
export function runQuery<T extends pg.QueryResultRow>(db: Db, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  return runSql<T>(db, q.sql, q.params);
}

/**
 * A fixed statement built once: `build` (Drizzle SQL whose values are `sql.placeholder`s) is made
 * into text and parameter slots at its first run, and every run after fills the slots from
 * `values` and runs it named (see runSql), without Drizzle's builder. For the statements every
 * order create sends (CPU profile of bench/integrate.ts: building statements was 14% of the
 * server's time). Placeholders inside `sql` are sent as given (no column's encoder applies).
 */
export function namedStatement<T extends pg.QueryResultRow>(
  name: string,
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let q: { sql: string; params: unknown[] } | undefined;
  return (db, values) => {
    q ??= dialect.sqlToQuery(build());
    return runSql<T>(db, q.sql, fillPlaceholders(q.params, values), name);
  };
}

/** The pool or pooled connection a database handle or transaction sends on. */
const clientOf = (db: Db) => (db as unknown as { session: { client: object } }).session.client;
const preparedOn = new WeakMap<object, Map<string, unknown>>();

/**
 * A Drizzle prepared query (`.prepare(name)` of a builder whose values are `sql.placeholder`s),
 * made once per connection (or once for the pool) and kept with it: its `execute(values)` fills
 * the placeholders and maps the rows as the builder's own query would, without building it again.
 * `build` must make the same statement every time for a name (pg refuses a name reused for another
 * text on a connection). A placeholder given to a column directly goes through the column's
 * encoder even when null (a numeric's encoder makes null the text "null"): wrap nullable ones in
 * `sql` (`sql\`${sql.placeholder('x')}\``) and pass the driver's value.
 */
export function preparedOnce<P>(db: Db, name: string, build: (db: Db) => P): P {
  const client = clientOf(db);
  let made = preparedOn.get(client);
  if (!made) {
    made = new Map();
    preparedOn.set(client, made);
  }
  let p = made.get(name) as P | undefined;
  if (p === undefined) {
    p = build(db);
    made.set(name, p);
  }
  return p;
}

/** Texts runPrepared names; beyond this many it runs the rest unnamed (each name costs every pooled connection a plan). */
const PREPARED_MAX = 64;
const preparedNames = new Map<string, string>();

/**
 * Runs Drizzle SQL whose text recurs (a screen's filters in a few combinations, values as
 * parameters) as a named prepared statement, named by its text: each pooled connection parses it
 * once, and PostgreSQL keeps a generic plan once its estimate is no worse than the custom ones
 * (plan_cache_mode auto). For list queries whose planning cost as much as running them. Arrays go
 * in as one parameter (`= ANY(...)`), so a list's length does not change the text. At most
 * PREPARED_MAX texts are named in a process; others run as before.
 */
export function runPrepared<T extends pg.QueryResultRow>(db: Db, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  let name = preparedNames.get(q.sql);
  if (name === undefined && preparedNames.size < PREPARED_MAX) {
    name = `p_${createHash('sha1').update(q.sql).digest('hex').slice(0, 20)}`;
    preparedNames.set(q.sql, name);
  }
  return runSql<T>(db, q.sql, q.params, name);
}

type SessionParts = { client: pg.Pool; schema: unknown; options: unknown };
const txOfClient = new WeakMap<pg.PoolClient, Db>();

/**
 * A transaction like Drizzle's (`db.transaction`), in two round trips fewer: its BEGIN goes out on
 * the wire together with its first statements (pg's pipeline mode: not awaited before them; those
 * `run` sends before it first waits share BEGIN's write), and `commitAfter(last)` sends COMMIT
 * right behind the statement `last` makes (sent by it, or a Drizzle query, which it starts), in one
 * write with it, before its answer comes. For the calls a PDA replays, which run in a
 * transaction of a few statements each (on this machine every round trip costs server and database
 * CPU, which bounds the scans a second). `commitAfter` is called at most once, last; without it the
 * transaction commits when `run` returns. An error rolls back (a COMMIT behind a failed statement
 * has already ended the transaction).
 */
export async function pipelinedTransaction<T>(
  db: Db,
  run: (tx: Db, commitAfter: <R>(last: () => PromiseLike<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: SessionParts };
  const client = await session.client.connect();
  // One transaction object per pooled connection, made once (Drizzle's makes one per transaction,
  // with the query builders of every table: 1.5% of a scan's server CPU).
  let tx = txOfClient.get(client);
  if (!tx) {
    tx = new NodePgTransaction(
      dialect,
      new NodePgSession(client, dialect, session.schema as never, session.options as never),
      session.schema as never,
    ) as unknown as Db;
    txOfClient.set(client, tx);
  }
  let sentCommit = false;
  const commitAfter = async <R>(last: () => PromiseLike<R>): Promise<R> => {
    sentCommit = true;
    const [ended, committed] = inOneWrite(client, () => [
      // `then` first: a Drizzle query is sent when its then is called, and must go before COMMIT.
      last().then(
        (value) => ({ value }),
        (err: unknown) => ({ err }),
      ),
      client.query('commit').then(
        () => null,
        (err: unknown) => err,
      ),
    ]);
    const l = await ended;
    const commitFailed = await committed;
    if ('err' in l) throw l.err;
    if (commitFailed) throw commitFailed;
    return l.value;
  };
  // BEGIN and what `run` sends before its first wait go out in one write.
  const [begun, running] = inOneWrite(client, () => {
    // Answered when the statements behind it are; observed at once so a failure is never unhandled.
    const b = client.query('begin').then(
      () => null,
      (err: unknown) => err,
    );
    let r: Promise<T>;
    try {
      r = run(tx, commitAfter);
    } catch (err) {
      r = Promise.reject(err);
    }
    return [b, r] as const;
  });
  let broken: Error | undefined;
  try {
    const value = await running;
    const beginFailed = await begun;
    // The statements then ran on their own: never seen short of a lost connection, which is dropped.
    if (beginFailed) {
      broken = beginFailed as Error;
      throw broken;
    }
    if (!sentCommit) await client.query('commit');
    return value;
  } catch (err) {
    await begun;
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

type Sends = readonly (() => PromiseLike<unknown>)[];

/**
 * Runs independent statements (reads, or writes that do not need each other's answers). Inside a
 * transaction (one connection) they go out together, in one write (pg's pipeline mode answers
 * them in order): one round trip instead of one each. On the pool they run one after the other,
 * as before, rather than taking a connection each.
 */
export async function together<const R extends Sends>(
  db: Db,
  reads: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Out = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
  if (client instanceof pg.Pool) {
    const out: unknown[] = [];
    for (const read of reads) out.push(await read());
    return out as Out;
  }
  return (await inOneWrite(client, () => Promise.all(reads.map((read) => read())))) as Out;
}

/**
 * `run` in a transaction: `db`'s own when it is one already (a call with an Idempotency-Key runs
 * in the binder's), else a new one. Drizzle's `db.transaction` on a transaction makes a savepoint,
 * two more round trips, that only matter to a caller who goes on after its failure.
 */
export function inTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db instanceof NodePgTransaction ? run(db) : db.transaction((tx) => run(tx as unknown as Db));
}

/**
 * Runs `send`; the statements sent on the connection by it and by the promise jobs it starts (a
 * Drizzle query sends from one) go to the socket in one write, once those jobs have run (a tick
 * callback: after the promise jobs, before any other event). pg writes each statement on its own,
 * and each write is a system call that also wakes the database's backend (in the scan call's
 * profiles on a slow machine, more of the server's time than pg's own work). For the round trips of
 * pipelinedTransaction, whose statements are sent together; called from a promise job (it is
 * after an await), so the tick runs once the promise jobs queued meanwhile have.
 */
function inOneWrite<R>(client: pg.PoolClient, send: () => R): R {
  const { stream } = (client as unknown as { connection: { stream: Socket } }).connection;
  stream.cork();
  try {
    return send();
  } finally {
    process.nextTick(() => stream.uncork());
  }
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed drizzle-kit migrations, then installs or upgrades the job engine's schema
 * (pgboss); an advisory lock keeps two processes from racing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    await migrateJobSchema(database.url);
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
