import { expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { DEMO, type TestApp } from './app.ts';
import { callWith } from './call.ts';

export type Who = keyof typeof DEMO;
/** The entities the audit log's list may be asked for. */
export type AuditEntity = NonNullable<NonNullable<Body<typeof contract.audit.list>>['entity']>;

/**
 * Calls as the demo accounts, and the audit entries of one record, oldest first: what every
 * audit test makes a change with and reads the log back through. Calls name the contract's entry
 * (`at(entry, params)` for one with path parameters); a GET sends no body.
 */
export function auditClient(t: TestApp) {
  const tokens = {} as Record<Who, string>;
  const login = async () => {
    for (const [name, [u, p]] of Object.entries(DEMO)) tokens[name as Who] = await t.login(u, p);
  };
  const post = <E extends EndpointDef>(entry: E, body = {} as Body<E>, who: Who = 'admin') =>
    callWith(t, entry, { token: tokens[who], lang: 'en', ...(entry.method === 'POST' ? { body } : {}) });
  const ok = async <E extends EndpointDef>(entry: E, body = {} as Body<E>, who: Who = 'admin') => {
    const r = await post(entry, body, who);
    expect(r.status, `${entry.path}: ${r.raw}`).toBe(200);
    return r.body.data;
  };
  const entries = async (entity: AuditEntity, recordId: number | string) => {
    const page = await ok(contract.audit.list, { entity, recordId: String(recordId), pageSize: 100 });
    return page.records.reverse();
  };
  /** The one entry of a record (it must have exactly one) and who made it. */
  const soleEntry = async (entity: AuditEntity, recordId: number | string, actor: string) => {
    const log = await entries(entity, recordId);
    expect(log, `${entity} ${recordId}`).toHaveLength(1);
    expect(log[0]).toMatchObject({ entity, recordId: String(recordId), actorName: actor });
    return log[0]!;
  };
  return { tokens, login, post, ok, entries, soleEntry };
}
