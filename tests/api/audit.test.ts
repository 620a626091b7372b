import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dropOldAuditEntries } from '../../src/server/modules/audit/audit-retention.ts';
import type { AuditRecord } from '../../src/shared/contract/audit.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, callWith } from './support/call.ts';

type AuditQuery = NonNullable<Body<typeof contract.audit.list>>;

/** The database's own message of a failed statement (Drizzle wraps it). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'succeeded',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

describe('audit log', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
  });
  const post = <E extends EndpointDef>(entry: E, body = {} as Body<E>, who: keyof typeof DEMO = 'admin') =>
    callWith(t, entry, { token: tokens[who], body, lang: 'en' });
  const ok = async <E extends EndpointDef>(
    entry: E,
    body = {} as Body<E>,
    who: keyof typeof DEMO = 'admin',
  ) => {
    const r = await post(entry, body, who);
    expect(r.status, `${entry.path}: ${r.raw}`).toBe(200);
    return r.body.data;
  };
  /** The entries of one record, oldest first. */
  const entries = async (entity: AuditQuery['entity'], recordId: number | string) => {
    const page = await ok(contract.audit.list, {
      entity,
      recordId: String(recordId),
      pageSize: 100,
    });
    return page.records.reverse();
  };

  it('records who changed an account, from where, in which session, and only the fields that changed', async () => {
    const created = await ok(contract.system.userSave, {
      username: 'audited',
      nickname: 'Audited',
      type: 1,
      status: 1,
      email: '',
      phone: '',
      roleIds: [],
      password: 'Secret-pass-1',
    });
    await ok(contract.system.userSave, {
      recId: created.recId,
      username: 'audited',
      nickname: 'Audited Twice',
      type: 1,
      status: 1,
      email: 'a@example.com',
      phone: '',
      roleIds: [],
    });
    await ok(contract.system.userUpdatePassword, { recId: created.recId, password: 'Secret-pass-2' });
    const log = await entries('account', created.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'password']);
    const [create, update, password] = log as [AuditRecord, AuditRecord, AuditRecord];
    expect(create.before).toEqual({});
    expect(create.after).toMatchObject({ username: 'audited', nickname: 'Audited', type: 1, roleIds: [] });
    expect(update.before).toEqual({ nickname: 'Audited', email: '' });
    expect(update.after).toEqual({ nickname: 'Audited Twice', email: 'a@example.com' });
    expect(JSON.stringify(password)).not.toMatch(/Secret|hash/i);
    expect(update).toMatchObject({ actorName: 'admin', actorType: 1, ip: '127.0.0.1' });
    expect(update.actorId).toBeGreaterThan(0);
    expect(update.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Saving it unchanged changes nothing, and writes nothing.
    await ok(contract.system.userSave, {
      recId: created.recId,
      username: 'audited',
      nickname: 'Audited Twice',
      type: 1,
      status: 1,
      email: 'a@example.com',
      phone: '',
      roleIds: [],
    });
    expect(await entries('account', created.recId)).toHaveLength(3);
  });

  it('records roles and menus, their creation, change and deletion', async () => {
    const [menu] = (await ok(contract.system.menuList, { name: 'Audit log' })).filter(
      (m) => m.path === '/admin/system/audit',
    );
    const role = await ok(contract.system.roleSave, { name: 'Auditors', remark: '', menuIds: [] });
    await ok(contract.system.roleSave, {
      recId: role.recId,
      name: 'Auditors',
      remark: 'read the log',
      menuIds: [menu!.recId],
    });
    await ok(contract.system.roleDelete, { recId: role.recId });
    const roleLog = await entries('role', role.recId);
    expect(roleLog.map((e) => [e.action, e.before, e.after])).toEqual([
      ['create', {}, { name: 'Auditors', remark: '', isAdmin: false, menuIds: [] }],
      ['update', { remark: '', menuIds: [] }, { remark: 'read the log', menuIds: [menu!.recId] }],
      ['delete', { name: 'Auditors', remark: 'read the log', isAdmin: false, menuIds: [menu!.recId] }, {}],
    ]);

    const item = await ok(contract.system.menuSave, {
      parentId: 0,
      nameCn: '临时',
      nameEn: 'Temporary',
      nameAr: 'مؤقت',
      type: 1,
      path: '/admin/temporary',
    });
    await ok(contract.system.menuSave, {
      recId: item.recId,
      parentId: 0,
      nameCn: '临时',
      nameEn: 'Temporary menu',
      nameAr: 'مؤقت',
      type: 1,
      path: '/admin/temporary',
      sort: 5,
    });
    await ok(contract.system.menuDelete, { recId: item.recId });
    const menuLog = await entries('menu', item.recId);
    expect(menuLog.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(menuLog[1]).toMatchObject({
      before: { nameEn: 'Temporary', sort: 0 },
      after: { nameEn: 'Temporary menu', sort: 5 },
    });
  });

  it('records sensitive words', async () => {
    const w = await ok(contract.sensitiveWord.add, { word: 'Nitro', category: 'explosive' });
    await ok(contract.sensitiveWord.update, { recId: w.recId, word: 'nitro', category: 'chemical' });
    await ok(contract.sensitiveWord.delete, { recId: w.recId });
    const log = await entries('sensitiveWord', w.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]).toMatchObject({ before: { category: 'explosive' }, after: { category: 'chemical' } });
  });

  it('records tracking nodes of a carrier', async () => {
    const carriers = await ok(contract.carrier.list, { pageSize: 1 });
    const carrierId = carriers.records[0]!.recId;
    const node = await ok(contract.carrier.saveTrackingNode, {
      carrierId,
      code: 'AUD1',
      nameCn: '审计',
      nameEn: 'Audit',
    });
    await ok(contract.carrier.updateTrackingNode, {
      recId: node.recId,
      code: 'AUD1',
      nameCn: '审计',
      nameEn: 'Audited',
    });
    expect(
      (
        await call(t, contract.carrier.deleteTrackingNode, {
          params: { id: node.recId },
          token: tokens.admin,
        })
      ).status,
    ).toBe(200);
    const log = await entries('trackingNode', node.recId);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]).toMatchObject({ before: { nameEn: 'Audit' }, after: { nameEn: 'Audited' } });
  });

  it('records the deletion of a volume limit', async () => {
    const limits = await ok(contract.volumeLimit.list, {
      pageSize: 1,
    });
    const limit = limits.records[0]!;
    const r = await call(t, contract.volumeLimit.deleteCarrierRegion, {
      params: { id: limit.recId },
      token: tokens.admin,
    });
    expect(r.status, r.raw).toBe(200);
    const [entry] = await entries('volumeLimit', limit.recId);
    expect(entry).toMatchObject({ action: 'delete', after: {}, before: { dailyLimit: limit.dailyLimit } });
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    const db = t.database.db;
    const [row] = (await db.execute<{ id: number }>(sql`SELECT id FROM audit_log ORDER BY id LIMIT 1`)).rows;
    expect(row).toBeDefined();
    expect(
      await failure(db.execute(sql`UPDATE audit_log SET actor_name = 'nobody' WHERE id = ${row!.id}`)),
    ).toMatch(/append-only/);
    expect(await failure(db.execute(sql`DELETE FROM audit_log WHERE id = ${row!.id}`))).toMatch(
      /append-only/,
    );
    expect(await failure(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    // Nor can the retention's mark be borrowed for recent entries.
    expect(
      await failure(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('audit_log.drop_before', now()::text, true)`);
          await tx.execute(sql`DELETE FROM audit_log WHERE id = ${row!.id}`);
        }),
      ),
    ).toMatch(/append-only/);
    expect(await failure(db.execute(sql`SELECT audit_log_drop_before(now())`))).toMatch(
      /at least the last day/,
    );
    const [still] = (
      await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE id = ${row!.id}`)
    ).rows;
    expect(still!.n).toBe(1);
  });

  it('retention drops only the entries older than the configured days', async () => {
    const db = t.database.db;
    await db.execute(sql`
      INSERT INTO audit_log (at, actor_name, actor_type, entity, record_id, action)
      VALUES (now() - interval '400 days', 'old', 0, 'region', 'r-old', 'update'),
             (now() - interval '20 days', 'recent', 0, 'region', 'r-recent', 'update')`);
    const count = async () =>
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`)).rows[0]!.n;
    const before = await count();
    expect(await dropOldAuditEntries(db, 365)).toBe(1);
    expect(await count()).toBe(before - 1);
    expect(await entries('region', 'r-old')).toHaveLength(0);
    expect(await entries('region', 'r-recent')).toHaveLength(1);
    expect(await dropOldAuditEntries(db, 30)).toBe(0);
    expect(await dropOldAuditEntries(db, 10)).toBe(1);
  });

  it('filters by who, what, record and time, and exports', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    await ok(contract.sensitiveWord.add, { word: 'filterable' });
    const byWho = await ok(contract.audit.list, { actor: 'ADM', from: since });
    expect(byWho.total).toBeGreaterThan(0);
    expect(byWho.records.every((r) => r.actorName === 'admin')).toBe(true);
    const none = await ok(contract.audit.list, { actor: 'nobody-at-all' });
    expect(none.total).toBe(0);
    const future = await ok(contract.audit.list, {
      from: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.total).toBe(0);
    // `to` is exclusive, as a day range's end (the first moment of the next day) is.
    await t.database.db.execute(sql`
      INSERT INTO audit_log (at, actor_name, actor_type, entity, record_id, action)
      VALUES ('2026-03-01T00:00:00Z', 'edge', 0, 'region', 'r-edge', 'update')`);
    const until = async (to: string) =>
      (await ok(contract.audit.list, { entity: 'region', recordId: 'r-edge', to })).total;
    expect(await until('2026-03-01T00:00:00.000Z')).toBe(0);
    expect(await until('2026-03-01T00:00:00.001Z')).toBe(1);
    const bad = await callRaw(t, contract.audit.list, {
      token: tokens.admin,
      body: { entity: 'spaceship' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.issues.map((i) => i.path)).toEqual(['entity']);
    const task = await ok(contract.audit.export, { entity: 'sensitiveWord' });
    expect(task.recId).toBeGreaterThan(0);
  });

  it('refuses the log to accounts without the permission', async () => {
    for (const who of ['operator', 'finance', 'demo', 'demoSub', 'pda'] as const) {
      expect((await post(contract.audit.list, {}, who)).status, who).toBe(403);
      expect((await post(contract.audit.export, {}, who)).status, who).toBe(403);
    }
  });
});
