import { expect } from 'vitest';
import type { AuditRecord } from '../../../src/shared/contract/audit.ts';
import { DEMO, type TestApp } from './app.ts';

export type Who = keyof typeof DEMO;
export type Page<T> = { records: T[]; total: number };

/**
 * Calls as the demo accounts, and the audit entries of one record, oldest first: what every
 * audit test makes a change with and reads the log back through.
 */
export function auditClient(t: TestApp) {
  const tokens = {} as Record<Who, string>;
  const login = async () => {
    for (const [name, [u, p]] of Object.entries(DEMO)) tokens[name as Who] = await t.login(u, p);
  };
  const call = <T>(method: 'GET' | 'POST', path: string, body: unknown = {}, who: Who = 'admin') =>
    t.call<T>(method, path, { token: tokens[who], lang: 'en', ...(method === 'POST' ? { body } : {}) });
  const post = <T>(path: string, body: unknown = {}, who: Who = 'admin') => call<T>('POST', path, body, who);
  const ok = async <T>(
    path: string,
    body: unknown = {},
    who: Who = 'admin',
    method: 'GET' | 'POST' = 'POST',
  ) => {
    const r = await call<T>(method, path, body, who);
    expect(r.status, `${path}: ${r.raw}`).toBe(200);
    return r.body.data;
  };
  const entries = async (entity: string, recordId: number | string) => {
    const page = await ok<Page<AuditRecord>>('/auditLog/list', {
      entity,
      recordId: String(recordId),
      pageSize: 100,
    });
    return page.records.reverse();
  };
  /** The one entry of a record (it must have exactly one) and who made it. */
  const soleEntry = async (entity: string, recordId: number | string, actor: string) => {
    const log = await entries(entity, recordId);
    expect(log, `${entity} ${recordId}`).toHaveLength(1);
    expect(log[0]).toMatchObject({ entity, recordId: String(recordId), actorName: actor });
    return log[0]!;
  };
  return { tokens, login, post, ok, entries, soleEntry };
}
