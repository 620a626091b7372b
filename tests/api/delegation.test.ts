import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointDef, endpoints } from '../../src/shared/contract/index.ts';
import { SUB_RIGHTS } from '../../src/shared/domain/sub-rights.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call as callEntry, callRaw } from './support/call.ts';
import { attacks, CUSTOMER_CALLERS, menuBody, PASSWORD, type World } from './support/delegation-attacks.ts';
import type { Body, Menu, Role, User } from './support/delegation-types.ts';
import { REPORT_DIR } from './support/security/matrix-report.ts';
import { setDemoSubRights } from './support/sub-rights.ts';

/**
 * The delegation matrix: for every call of the contract that gives rights (`access.grants`), every
 * staff account holding less than an administrator tries to reach more than it holds: to give
 * itself or others a role above its own, to edit, disable or set the password of an account above
 * it, to widen or remove a role above it, to give a menu entry a permission it does not hold. Not
 * one attempt may succeed. Customer callers (a main account, a sub-account, a key) try to give
 * sub-account rights, or make, disable or take over sub-accounts, beyond their own customer and
 * rights. Beside them, the same callers do what they may (give what they hold), so the check
 * cannot pass by refusing everything.
 */

describe('delegation: a caller grants only what it holds', () => {
  const t = useTestApp();
  let admin = '';
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const roleIds: Record<string, number> = {};
  let menus: Menu[] = [];
  const clerkMenus: Record<string, number[]> = {};
  const customerId: Record<string, number> = {};
  const world: World = { ids, roleIds, menus: [], clerkMenus, customerId };

  const menuIdsFor = (screen: string, keys: string[]) => {
    const screenMenu = menus.find((m) => m.type !== 3 && m.path === screen)!;
    const chain: number[] = [];
    for (let m: Menu | undefined = screenMenu; m; m = menus.find((p) => p.recId === m!.parentId))
      chain.push(m.recId);
    return [...chain, ...menus.filter((m) => m.type === 3 && keys.includes(m.path)).map((m) => m.recId)];
  };

  const { system, customer, apiKey } = contract;
  /** A call by its entry, with one of the matrix's loose bodies (its attacks' too). */
  const call = (token: string, entry: EndpointDef, body: Body) =>
    callRaw(t, entry, { token, body, lang: 'en' });

  beforeAll(async () => {
    admin = await t.login(...DEMO.admin);
    menus = (await call(admin, system.getAllMenus, {})).body.data as Menu[];
    world.menus = menus;
    const page = { pageNo: 1, pageSize: 100 };
    const roles = ((await call(admin, system.roleList, page)).body.data as { records: Role[] }).records;
    for (const r of roles) roleIds[r.name] = r.recId;
    const users = ((await call(admin, system.userList, page)).body.data as { records: User[] }).records;
    for (const u of users) ids[u.username] = u.recId;

    clerkMenus.account = menuIdsFor('/admin/system/account', ['account:edit']);
    clerkMenus.role = menuIdsFor('/admin/system/role', ['role:edit']);
    clerkMenus.menu = menuIdsFor('/admin/system/menu', ['menu:edit']);
    for (const kind of ['account', 'role', 'menu']) {
      const role = await call(admin, system.roleSave, {
        name: `${kind} clerk`,
        remark: '',
        menuIds: clerkMenus[kind],
      });
      expect(role.status).toBe(200);
      roleIds[`${kind} clerk`] = (role.body.data as Role).recId;
      const user = await call(admin, system.userSave, {
        username: `${kind}-clerk`,
        nickname: `${kind} clerk`,
        type: 1,
        status: 1,
        roleIds: [roleIds[`${kind} clerk`]],
        password: PASSWORD,
      });
      expect(user.status).toBe(200);
      ids[`${kind}-clerk`] = (user.body.data as User).recId;
      tokens[`${kind}-clerk`] = await t.login(`${kind}-clerk`, PASSWORD);
    }
    for (const c of ['demo', 'other'] as const) {
      const [username, password] = DEMO[c];
      const me = await callEntry(t, contract.auth.me, {
        token: await t.login(username, password),
      });
      customerId[c] = me.body.data.customerId!;
    }
    // A second sub-account of demo and one of the other customer, targets of the sub-account rights.
    for (const [username, customer] of [
      ['demo-sub-2', 'demo'],
      ['other-sub', 'other'],
    ] as const) {
      const sub = await call(admin, system.userSave, {
        username,
        nickname: username,
        type: 3,
        status: 1,
        customerId: customerId[customer],
        roleIds: [],
        password: PASSWORD,
      });
      expect(sub.status).toBe(200);
      ids[username] = (sub.body.data as User).recId;
    }
    tokens.demo = await t.login(...DEMO.demo);
    // The demo clerk may manage keys, but holds no statements: a key it makes may not read them.
    await setDemoSubRights(
      t,
      tokens.demo,
      SUB_RIGHTS.filter((r) => r !== 'statements:read'),
    );
    tokens['demo-sub'] = await t.login(...DEMO.demoSub);
    const key = await call(tokens.demo, apiKey.create, { name: 'matrix' });
    tokens['demo-key'] = (key.body.data as { secret: string }).secret;
    for (const name of ['operator', 'finance', 'service'] as const) {
      const [username, password] = DEMO[name];
      tokens[name] = await t.login(username, password);
    }
  }, 120_000);

  it('names an attack for every call of the contract that grants', () => {
    const granting = endpoints.filter((e) => e.def.access.grants).map((e) => `${e.domain}.${e.name}`);
    const attacked = new Set(attacks(world, 'account-clerk').map((a) => a.call));
    expect(granting.sort()).toEqual([...attacked].sort());
  });

  it('lets no holder of less reach more (0 escalations), and lets each give what it holds', async () => {
    const callers = [
      'account-clerk',
      'role-clerk',
      'menu-clerk',
      'operator',
      'finance',
      'service',
      ...CUSTOMER_CALLERS,
    ];
    const byCall = new Map(endpoints.map((e) => [`${e.domain}.${e.name}`, e.def]));
    const rows: string[] = [];
    let tried = 0;
    let refused = 0;
    const escalations: string[] = [];
    for (const caller of callers)
      for (const a of attacks(world, caller)) {
        const r = await call(tokens[caller]!, byCall.get(a.call)!, a.body);
        tried++;
        if (r.status === 403) refused++;
        else if (r.status < 300) escalations.push(`${caller}: ${a.what} (${a.call}) answered ${r.status}`);
        rows.push(`| ${caller} | ${a.call} | ${a.what} | ${r.status} |`);
      }
    const line = `delegation matrix: ${new Set(rows.map((r) => r.split('|')[2])).size} calls × ${callers.length} callers, ${tried} attempts, ${refused} refused (403), ${escalations.length} escalations`;
    console.info(line);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(
      join(REPORT_DIR, 'delegation-matrix.md'),
      [
        '# Delegation matrix',
        '',
        line,
        '',
        '| caller | call | attempt | status |',
        '| --- | --- | --- | --- |',
        ...rows,
        '',
      ].join('\n'),
    );
    expect(escalations).toEqual([]);
    // Nothing above them moved: the administrator and finance still log in with their own passwords.
    await t.login(...DEMO.admin);
    await t.login(...DEMO.finance);

    // What they hold, they may give.
    const clerk = tokens['account-clerk']!;
    const created = await call(clerk, system.userSave, {
      username: 'new-clerk',
      nickname: 'new clerk',
      type: 1,
      status: 1,
      roleIds: [roleIds['account clerk']],
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    const newId = (created.body.data as User).recId;
    expect(
      (await call(clerk, system.userUpdatePassword, { recId: newId, password: 'another-pass-1' })).status,
    ).toBe(200);
    const roleClerk = tokens['role-clerk']!;
    const narrow = await call(roleClerk, system.roleSave, {
      name: 'narrow',
      remark: '',
      menuIds: clerkMenus.role!.slice(0, 1),
    });
    expect(narrow.status).toBe(200);
    const ownScreen = menus.find((m) => m.type !== 3 && m.path === '/admin/system/menu')!;
    const renamed = await call(tokens['menu-clerk']!, system.menuSave, {
      ...menuBody(ownScreen),
      nameEn: 'Menus (edited)',
    });
    expect(renamed.status).toBe(200);
    const given = await call(tokens.demo!, customer.saveSubRights, {
      recId: ids['demo-sub-2'],
      rights: ['orders:create', 'labels:print'],
    });
    expect(given.status).toBe(200);
    const made = await call(tokens.demo!, customer.createSubAccount, {
      username: 'made-by-demo',
      password: PASSWORD,
      rights: ['orders:create'],
    });
    expect(made.status, made.raw).toBe(200);
    const madeId = (made.body.data as User).recId;
    const reset = await call(tokens.demo!, customer.resetSubAccountPassword, {
      recId: madeId,
      password: 'another-pass-1',
    });
    expect(reset.status).toBe(200);
    const off = { recId: madeId, status: 2 };
    const disabled = await call(tokens.demo!, customer.setSubAccountStatus, off);
    expect(disabled.status).toBe(200);
    // Keys: a sub-account within its rights, staff holding apiKey:edit for a customer.
    const subKey = await call(tokens['demo-sub']!, apiKey.create, {
      name: 'clerk key',
      scopes: ['orders:read', 'orders:write', 'labels'],
    });
    expect(subKey.status, subKey.raw).toBe(200);
    const staffKey = await call(tokens.operator!, apiKey.create, {
      name: 'for demo',
      customerId: customerId.demo,
    });
    expect(staffKey.status, staffKey.raw).toBe(200);
  }, 120_000);

  it('refuses in the caller language, and changes nothing', async () => {
    const r = await callRaw(t, system.userSave, {
      token: tokens['account-clerk'],
      lang: 'ar',
      body: {
        recId: ids['account-clerk'],
        username: 'account-clerk',
        nickname: 'x',
        type: 1,
        status: 1,
        roleIds: [roleIds['Administrator'] ?? Object.values(roleIds)[0]],
      },
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toMatch(/[\u0600-\u06FF]/);
    const me = await call(admin, system.userGetById, { recId: ids['account-clerk'] });
    expect((me.body.data as User).roleIds).toEqual([roleIds['account clerk']]);
    expect((me.body.data as { nickname: string }).nickname).toBe('account clerk');
  });
});
