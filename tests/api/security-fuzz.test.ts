import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { API_BASE } from '../../src/shared/contract/core.ts';
import { endpoints } from '../../src/shared/contract/index.ts';
import { DEMO, type TestApp, useTestApp } from './support/app.ts';
import { ACCOUNTS, type Account, expectedFor } from './support/security/accounts.ts';
import { asQuery, materialise, requestArb } from './support/security/fuzz-request.ts';
import { internalsIn, mutate, mutationArb } from './support/security/hostile.ts';
import { SessionKeeper } from './support/security/keeper.ts';
import { malformedKinds } from './support/security/malformed.ts';
import { REPORT_DIR } from './support/security/matrix-report.ts';
import { send } from './support/security/send.ts';
import { World } from './support/security/world.ts';

/**
 * Contract fuzzing: every endpoint gets requests generated from its zod schemas, one value in most
 * of them replaced by a hostile one or an extra key added, sent by an account the contract allows.
 * Never a 5xx, never a stack trace or SQL in an answer, every success matching its response
 * schema, and no extra key ever written to the database. `npm run fuzz` runs it deeper
 * (FUZZ_RUNS per endpoint, FUZZ_SEED to replay a run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

interface Problem {
  endpoint: string;
  account: Account;
  problem: string;
  request: string;
}

describe('contract fuzzing', () => {
  const t = useTestApp();
  const w = new World(t);
  const keeper = new SessionKeeper(t);
  let realIds: number[] = [];

  beforeAll(async () => {
    await w.setUp();
    await keeper.start();
    realIds = [
      ...Object.values(w.customer),
      w.own.demo.order.id,
      w.own.other.order.id,
      w.own.demo.exportTaskId,
      w.own.demo.addressId,
      ...Object.values(w.channel),
      ...Object.values(w.carrier),
      ...w.riyadh,
    ];
  }, 120_000);

  it(
    `sends ${RUNS} generated and hostile requests to every endpoint without a 5xx or a leak`,
    async () => {
      const problems: Problem[] = [];
      let cases = 0;
      let fiveXX = 0;
      const extraSentTo = new Map<string, string>();
      for (const [index, { domain, name, def }] of endpoints.entries()) {
        const key = `${domain}.${name}`;
        await keeper.restore();
        const callers = ACCOUNTS.filter((a) => expectedFor(def, a, {}, false) === 'allowed');
        // Staff calls whose permission no role but the administrator's holds: the administrator.
        const who = fc.constantFrom(...(callers.length ? callers : (['admin'] as Account[])));
        const arb = fc.tuple(requestArb(def, realIds), mutationArb, who);
        await fc.assert(
          fc.asyncProperty(arb, async ([generated, m, account]) => {
            const { req: mutated, extra } = mutate(generated, m, index);
            const req = await materialise({ ...mutated, query: asQuery(mutated.query) });
            const r = await send(t, def, req, keeper.tokens[account]);
            cases++;
            const note = (problem: string) =>
              problems.length < 200 &&
              problems.push({ endpoint: key, account, problem, request: JSON.stringify(req).slice(0, 400) });
            if (r.status >= 500 && r.status !== 501) {
              fiveXX++;
              note(`${r.status}: ${r.raw.slice(0, 200)}`);
            }
            const internal = internalsIn(r.raw, req);
            if (internal) note(`shows internals: ${internal}`);
            if (r.code === 1 && r.status === 200) {
              const parsed = def.data.safeParse(r.data);
              if (!parsed.success)
                note(`answer does not match its schema: ${parsed.error.message.slice(0, 200)}`);
              if (extra) extraSentTo.set(`XKM${index}X`, key);
            }
          }),
          { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
        );
      }
      await exportsInFlight();
      const written = await extraKeysWritten();
      for (const [marker, table] of written)
        problems.push({
          endpoint: extraSentTo.get(marker) ?? marker,
          account: 'admin',
          problem: `an extra key was written to ${table}`,
          request: marker,
        });
      const figures = {
        endpoints: endpoints.length,
        runsPerEndpoint: RUNS,
        seed: SEED,
        cases,
        fiveXX,
        problems: problems.length,
      };
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, 'fuzz.json'), `${JSON.stringify({ ...figures, problems }, null, 2)}\n`);
      console.log(
        `contract fuzzing: ${cases} cases over ${endpoints.length} endpoints (${RUNS} each, seed ${SEED}), ` +
          `${fiveXX} answers 5xx, ${problems.length} problems`,
      );
      expect(problems).toEqual([]);
      expect(cases).toBe(endpoints.length * RUNS);
    },
    Math.max(600_000, RUNS * endpoints.length * 250),
  );

  /** Every table searched for the extra key's marker values: [marker, table] of each found. */
  async function extraKeysWritten(): Promise<[string, string][]> {
    const tables = await t.database.db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const found: [string, string][] = [];
    for (const { name } of tables.rows) {
      const r = await t.database.db.execute<{ m: string }>(
        sql`SELECT DISTINCT substring(x::text from 'XKM[0-9]+X') AS m FROM ${sql.identifier(name)} x WHERE x::text LIKE '%XKM%'`,
      );
      for (const row of r.rows) found.push([row.m, name]);
    }
    return found;
  }
});

/** Logs that a refusal writes on purpose (import_logs) and what every call touches (sessions). */
const BOOKKEEPING = new Set(['import_logs', 'sessions', 'login_attempts', 'idempotency_keys']);

/** Every other table's row count and digest: what "nothing changed" compares. */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = await db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const r = await db.execute<{ n: number; h: string }>(
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.identifier(name)} x`,
    );
    out[name] = `${r.rows[0]!.n} ${r.rows[0]!.h}`;
  }
  return out;
}

/**
 * Issue 37, item 6, generated: xlsx cells without references, columns past XFD, sheets of empty
 * rows, JSON nested thousands deep, multipart without a boundary or cut short, unknown and lying
 * Content-Encodings. Each answers its translated 4xx (never a 5xx), and the database is as it was.
 */
describe('malformed requests', () => {
  const t = useTestApp({ env: { IMPORT_TIME_LIMIT_SECONDS: '120' } });
  let token = '';
  beforeAll(async () => {
    token = await t.login(...DEMO.admin);
  });
  const targets = endpoints
    .map((e) => e.def)
    .filter((d) => d.kind === 'json' && d.method === 'POST' && !d.params)
    .filter((d) => expectedFor(d, 'admin', {}, false) === 'allowed');

  for (const [index, [name, arb]] of Object.entries(malformedKinds(targets)).entries()) {
    // Sheets of empty rows are the costly ones: tens of thousands of rows each.
    const runs = name === 'emptyRows' ? Math.min(RUNS, 2) : RUNS;
    it(`${name}: ${runs} generated cases answer their translated 4xx and change nothing`, async () => {
      const before = await fingerprint(t);
      await fc.assert(
        fc.asyncProperty(arb, async (m) => {
          const r = await t.app.inject({
            method: m.method,
            url: API_BASE + m.path,
            payload: m.payload,
            headers: { ...m.headers, authorization: `Bearer ${token}`, 'local-lang': 'en' },
          });
          expect(r.statusCode, `${m.kind} to ${m.path}: ${r.body.slice(0, 300)}`).toBe(m.status);
          expect(m.msgs, m.kind).toContain(r.json().msg);
        }),
        { numRuns: runs, seed: SEED + index, endOnFailure: true },
      );
      expect(await fingerprint(t)).toEqual(before);
    }, 120_000);
  }
});
