import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from './support/app.ts';

interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
interface Role {
  recId: number;
  name: string;
  menuIds: number[];
}
interface Menu {
  recId: number;
  parentId: number;
  type: number;
  path: string;
}
interface User {
  recId: number;
  username: string;
  type: number;
  customerId: number | null;
  roleIds: number[];
}

describe('users, roles and menus', () => {
  const t = useTestApp();
  let admin = '';
  const as = async () => {
    admin ||= await t.login(...DEMO.admin);
    return admin;
  };

  it('pages the account list and filters it', async () => {
    const token = await as();
    const page = await t.call<Page<User>>('POST', '/user/list', { token, body: { pageNo: 1, pageSize: 3 } });
    expect(page.body.data.records).toHaveLength(3);
    expect(page.body.data.total).toBeGreaterThanOrEqual(8);
    expect(page.body.data).toMatchObject({ pageNo: 1, pageSize: 3 });
    const pdas = await t.call<Page<User>>('POST', '/user/list', { token, body: { type: 4 } });
    expect(pdas.body.data.records.map((u) => u.username)).toEqual(['pda']);
    const big = await t.call('POST', '/user/list', { token, body: { pageSize: 501 }, lang: 'en' });
    expect(big.status).toBe(400);
    expect((big.body.data as { issues: { path: string }[] }).issues[0]!.path).toBe('pageSize');
  });

  it('creates a role from menu items and an account holding it, who then sees just those menus', async () => {
    const token = await as();
    const all = await t.call<Menu[]>('POST', '/menu/getAllMenus', { token });
    const system = all.body.data.find((m) => m.path === '/admin/system')!;
    const account = all.body.data.find((m) => m.path === '/admin/system/account')!;
    const role = await t.call<Role>('POST', '/role/save', {
      token,
      body: { name: 'Account keeper', remark: 'test', menuIds: [system.recId, account.recId] },
    });
    expect(role.body.code).toBe(1);
    const dup = await t.call('POST', '/role/save', { token, body: { name: 'Account keeper' } });
    expect(dup.status).toBe(409);

    const user = await t.call<User>('POST', '/user/save', {
      token,
      body: {
        username: 'keeper',
        nickname: 'Keeper',
        type: 1,
        roleIds: [role.body.data.recId],
        password: 'keeper-pass',
      },
    });
    expect(user.body.code).toBe(1);
    const keeper = await t.login('keeper', 'keeper-pass');
    const menus = await t.call<Menu[]>('POST', '/menu/getUserMenus', { token: keeper });
    expect(menus.body.data.map((m) => m.path).sort()).toEqual(['/admin/system', '/admin/system/account']);
    expect((await t.call('POST', '/user/list', { token: keeper, body: {} })).status).toBe(200);
    expect((await t.call('POST', '/role/list', { token: keeper, body: {} })).status).toBe(403);

    // A role that is held cannot be deleted.
    const del = await t.call('POST', '/role/delete', { token, body: { recId: role.body.data.recId } });
    expect(del.status).toBe(409);
  });

  it('refuses a taken username, a customer account without a customer, and a new account without password', async () => {
    const token = await as();
    const taken = await t.call('POST', '/user/save', {
      token,
      body: { username: 'demo', type: 1, password: 'abcdef1' },
      lang: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('This username is already taken');
    const noCustomer = await t.call('POST', '/user/save', {
      token,
      body: { username: 'x1', type: 2, password: 'abcdef1' },
      lang: 'en',
    });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.msg).toBe('Main accounts and sub-accounts must belong to a customer');
    const noPassword = await t.call('POST', '/user/save', { token, body: { username: 'x2', type: 1 } });
    expect(noPassword.status).toBe(400);
    expect((noPassword.body.data as { issues: { path: string }[] }).issues[0]!.path).toBe('password');
    const before = await t.call<Page<User>>('POST', '/user/list', { token, body: { username: 'x' } });
    expect(before.body.data.records.filter((u) => u.username.startsWith('x'))).toEqual([]);
  });

  it('resets a password as administrator, ending the sessions of that account', async () => {
    const token = await as();
    const op = await t.login(...DEMO.operator);
    const list = await t.call<Page<User>>('POST', '/user/list', { token, body: { username: 'operator' } });
    const recId = list.body.data.records[0]!.recId;
    const r = await t.call('POST', '/user/updatePassword', {
      token,
      body: { recId, password: 'operator-new' },
    });
    expect(r.body.code).toBe(1);
    expect((await t.call('GET', '/user/current', { token: op })).status).toBe(401);
    await t.login('operator', 'operator-new');
  });

  it('edits the menu tree: adds, reads, refuses loops and deletes leaves only', async () => {
    const token = await as();
    const all = await t.call<Menu[]>('POST', '/menu/getAllMenus', { token });
    const system = all.body.data.find((m) => m.path === '/admin/system')!;
    const added = await t.call<Menu>('POST', '/menu/save', {
      token,
      body: {
        parentId: system.recId,
        nameCn: '审计',
        nameEn: 'Audit',
        nameAr: 'تدقيق',
        type: 2,
        path: '/admin/system/audit',
        sort: 9,
      },
    });
    expect(added.body.code).toBe(1);
    const got = await t.call<Menu>('POST', '/menu/getById', {
      token,
      body: { recId: added.body.data.recId },
    });
    expect(got.body.data.path).toBe('/admin/system/audit');
    const loop = await t.call('POST', '/menu/save', {
      token,
      body: {
        recId: system.recId,
        parentId: added.body.data.recId,
        nameCn: 'x',
        nameEn: 'x',
        nameAr: 'x',
        type: 1,
        path: '/admin/system',
      },
    });
    expect(loop.status).toBe(409);
    expect((await t.call('POST', '/menu/delete', { token, body: { recId: system.recId } })).status).toBe(409);
    expect(
      (await t.call('POST', '/menu/delete', { token, body: { recId: added.body.data.recId } })).body.code,
    ).toBe(1);
    expect(
      (await t.call('POST', '/menu/getById', { token, body: { recId: added.body.data.recId } })).status,
    ).toBe(404);
    const filtered = await t.call<Menu[]>('POST', '/menu/list', { token, body: { type: 3 } });
    expect(filtered.body.data.every((m) => m.type === 3)).toBe(true);
  });
});
