import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { contract, endpoints } from '../../src/shared/contract/index.ts';
import { startReceiver } from '../support/http-receiver.ts';
import { useTestApp } from './support/app.ts';
import { call } from './support/call.ts';
import {
  ACCOUNTS,
  type Account,
  customerOf,
  type Expected,
  expectedFor,
  permissionsOf,
} from './support/security/accounts.ts';
import { inputFor, namesRecord } from './support/security/fixtures.ts';
import { type Cell, type Outcome, writeMatrixReport } from './support/security/matrix-report.ts';
import { type Sent, send } from './support/security/send.ts';
import { World } from './support/security/world.ts';

/** Calls after which every session of the caller has ended (a password change). */
const ENDS_SESSIONS = new Set(['system.updatePasswordByUser']);

function outcomeOf(r: Sent): Outcome {
  if (r.status === 401 && r.code === 6) return 'session';
  if (r.status === 403 && r.code === 0) return 'refused';
  if (r.status === 404) return 'notFound';
  if (r.status >= 200 && r.status < 300 && (r.code === 1 || r.code === null)) return 'allowed';
  return `status ${r.status}`;
}

function judge(expected: Expected, outcome: Outcome, r: Sent): Pick<Cell, 'leak' | 'mismatch'> {
  const why = `${outcome}: ${r.raw.slice(0, 300)}`;
  switch (expected) {
    case 'allowed':
      if (outcome === 'allowed') return { leak: null, mismatch: null };
      return { leak: null, mismatch: `expected allowed (2xx), got ${why}` };
    case 'refused':
    case 'session': {
      if (outcome === expected) return { leak: null, mismatch: null };
      // Anything else means the call went past the access layer.
      return { leak: `expected ${expected}, got ${why}`, mismatch: null };
    }
    case 'foreign':
      if (outcome === 'notFound') return { leak: null, mismatch: null };
      if (outcome === 'allowed') return { leak: `another customer's record answered ${why}`, mismatch: null };
      return { leak: null, mismatch: `another customer's record must answer 404, got ${why}` };
  }
}

/** A CITC receiver that takes every report, so citc/report answers 2xx to those allowed. */
const citcReceiver = await startReceiver(() => ({ status: 201, body: '{"referenceNo":"M-1"}' }));
afterAll(() => citcReceiver.close());

describe('authorization matrix (generated from the contract)', () => {
  const t = useTestApp({
    env: { CITC_REPORT_URL: citcReceiver.url('/report') },
  });
  const w = new World(t);
  const perms: Partial<Record<Account, Set<string>>> = {};

  beforeAll(async () => {
    await w.setUp();
    perms.operator = await permissionsOf(t, w.tokens.operator!);
    perms.finance = await permissionsOf(t, w.tokens.finance!);
    const sub = await call(t, contract.auth.me, { token: w.tokens.demoSub });
    perms.demoSub = new Set(sub.body.data.subRights ?? []);
  }, 120_000);

  it('can grant every staff permission the contract names through some menu entry', async () => {
    const menus = await call(t, contract.system.getAllMenus, { token: w.tokens.admin });
    const grantable = new Set(
      menus.body.data.flatMap((m) => (m.type === 3 ? [m.path] : m.perms.split(',').map((k) => k.trim()))),
    );
    const keys = new Set(endpoints.map((e) => e.def.access.staff).filter((k) => typeof k === 'string'));
    expect([...keys].filter((k) => !grantable.has(k))).toEqual([]);
  });

  it('calls every endpoint as every kind of account and finds no leak', async () => {
    const cells: Cell[] = [];
    for (const { domain, name, def } of endpoints) {
      const key = `${domain}.${name}`;
      for (const who of ACCOUNTS) {
        const declared = expectedFor(def, who, perms, false);
        // Refused callers never reach validation: the generated input is enough for them.
        const req = await inputFor(w, key, def, who, declared !== 'allowed');
        const expected =
          declared === 'allowed' && who === 'other' && def.access.customer && namesRecord(req)
            ? 'foreign'
            : declared;
        const r = await send(t, def, req, w.tokens[who]);
        const outcome = outcomeOf(r);
        const cell: Cell = {
          endpoint: `${def.method} ${def.path}`,
          account: who,
          expected,
          outcome,
          ...judge(expected, outcome, r),
        };
        const foreignCustomer =
          customerOf(who) === 'demo' ? 'other' : customerOf(who) === 'other' ? 'demo' : null;
        const seen =
          foreignCustomer && outcome === 'allowed'
            ? w.markers[foreignCustomer].find((m) => r.raw.includes(m))
            : undefined;
        if (seen && !cell.leak) cell.leak = `the answer holds ${foreignCustomer}'s "${seen}"`;
        if (outcome === 'allowed' && r.code === 1) {
          const parsed = def.data.safeParse(r.data);
          if (!parsed.success && !cell.mismatch)
            cell.mismatch = `answer does not match its schema: ${parsed.error.message}`;
        }
        cells.push(cell);
      }
      if (ENDS_SESSIONS.has(key)) await w.relogin();
    }
    await exportsInFlight();
    const line = writeMatrixReport(cells);
    console.log(line);
    expect(cells.filter((c) => c.leak).map((c) => `${c.endpoint} as ${c.account}: ${c.leak}`)).toEqual([]);
    expect(
      cells.filter((c) => c.mismatch).map((c) => `${c.endpoint} as ${c.account}: ${c.mismatch}`),
    ).toEqual([]);
    expect(cells.length).toBe(endpoints.length * ACCOUNTS.length);
  }, 600_000);
});
