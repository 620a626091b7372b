import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { system as calls } from '../../src/shared/contract/system.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

interface User {
  recId: number;
  username: string;
  nickname: string;
  type: number;
  status: number;
  customerId: number | null;
  customerName: string | null;
  email: string;
  phone: string;
  roleIds: number[];
}

/** Every system call but the two each account uses for itself (its menu, its own password). */
const ADMIN_CALLS = Object.values(calls).filter(
  (e) => e !== calls.getUserMenus && e !== calls.updatePasswordByUser,
);

describe('users, roles and menus', () => {
  const t = useTestApp();
  let admin = '';
  const as = async () => {
    admin ||= await t.login(...DEMO.admin);
    return admin;
  };

  it('pages the account list and filters it', async () => {
    const token = await as();
    const page = await call(t, contract.system.userList, { token, body: { pageNo: 1, pageSize: 3 } });
    expect(page.body.data.records).toHaveLength(3);
    expect(page.body.data.total).toBeGreaterThanOrEqual(8);
    expect(page.body.data).toMatchObject({ pageNo: 1, pageSize: 3 });
    const pdas = await call(t, contract.system.userList, { token, body: { type: 4 } });
    expect(pdas.body.data.records.map((u) => u.username)).toEqual(['pda']);
    const big = await call(t, contract.system.userList, { token, body: { pageSize: 501 }, lang: 'en' });
    expect(big.status).toBe(400);
    expect(big.issues[0]!.path).toBe('pageSize');
  });

  it('creates a role from menu items and an account holding it, who then sees just those menus', async () => {
    const token = await as();
    const all = await call(t, contract.system.getAllMenus, { token });
    const system = all.body.data.find((m) => m.path === '/admin/system')!;
    const account = all.body.data.find((m) => m.path === '/admin/system/account')!;
    const role = await call(t, contract.system.roleSave, {
      token,
      body: { name: 'Account keeper', remark: 'test', menuIds: [system.recId, account.recId] },
    });
    expect(role.body.code).toBe(1);
    const dup = await call(t, contract.system.roleSave, { token, body: { name: 'Account keeper' } });
    expect(dup.status).toBe(409);

    const user = await call(t, contract.system.userSave, {
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
    const menus = await call(t, contract.system.getUserMenus, { token: keeper });
    expect(menus.body.data.map((m) => m.path).sort()).toEqual(['/admin/system', '/admin/system/account']);
    expect((await call(t, contract.system.userList, { token: keeper, body: {} })).status).toBe(200);
    expect((await call(t, contract.system.roleList, { token: keeper, body: {} })).status).toBe(403);

    // A role that is held cannot be deleted.
    const del = await call(t, contract.system.roleDelete, { token, body: { recId: role.body.data.recId } });
    expect(del.status).toBe(409);
  });

  it('refuses a taken username, a customer account without a customer, and a new account without password', async () => {
    const token = await as();
    const taken = await call(t, contract.system.userSave, {
      token,
      body: { username: 'demo', type: 1, password: 'abcdef1' },
      lang: 'en',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('This username is already taken');
    const noCustomer = await call(t, contract.system.userSave, {
      token,
      body: { username: 'x1', type: 2, password: 'abcdef1' },
      lang: 'en',
    });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.msg).toBe('Main accounts and sub-accounts must belong to a customer');
    const noPassword = await call(t, contract.system.userSave, { token, body: { username: 'x2', type: 1 } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.issues[0]!.path).toBe('password');
    const before = await call(t, contract.system.userList, { token, body: { username: 'x' } });
    expect(before.body.data.records.filter((u) => u.username.startsWith('x'))).toEqual([]);
  });

  it('resets a password as administrator, ending the sessions of that account', async () => {
    const token = await as();
    const op = await t.login(...DEMO.operator);
    const list = await call(t, contract.system.userList, { token, body: { username: 'operator' } });
    const recId = list.body.data.records[0]!.recId;
    const r = await call(t, contract.system.userUpdatePassword, {
      token,
      body: { recId, password: 'operator-new' },
    });
    expect(r.body.code).toBe(1);
    expect((await call(t, contract.auth.me, { token: op })).status).toBe(401);
    await t.login('operator', 'operator-new');
  });

  it('edits the menu tree: adds, reads, refuses loops and deletes leaves only', async () => {
    const token = await as();
    const all = await call(t, contract.system.getAllMenus, { token });
    const system = all.body.data.find((m) => m.path === '/admin/system')!;
    const added = await call(t, contract.system.menuSave, {
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
    const got = await call(t, contract.system.menuGetById, {
      token,
      body: { recId: added.body.data.recId },
    });
    expect(got.body.data.path).toBe('/admin/system/audit');
    const loop = await call(t, contract.system.menuSave, {
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
    expect((await call(t, contract.system.menuDelete, { token, body: { recId: system.recId } })).status).toBe(
      409,
    );
    expect(
      (await call(t, contract.system.menuDelete, { token, body: { recId: added.body.data.recId } })).body
        .code,
    ).toBe(1);
    expect(
      (await call(t, contract.system.menuGetById, { token, body: { recId: added.body.data.recId } })).status,
    ).toBe(404);
    const filtered = await call(t, contract.system.menuList, { token, body: { type: 3 } });
    expect(filtered.body.data.every((m) => m.type === 3)).toBe(true);
  });

  it('refuses every administration call to customer accounts, the PDA and staff without the permission', async () => {
    expect(ADMIN_CALLS).toHaveLength(13);
    for (const [username, password] of [DEMO.demo, DEMO.demoSub, DEMO.pda, DEMO.finance]) {
      const token = await t.login(username, password);
      for (const e of ADMIN_CALLS) {
        const r = await t.call(e.method, e.path, { token, body: { recId: 1 }, lang: 'en' });
        expect(r.status, `${username} ${e.path}`).toBe(403);
        expect(r.body.msg).toBe('You do not have permission to do this');
      }
      // Their own menu and their own password stay theirs to use.
      expect((await call(t, contract.system.getUserMenus, { token })).status).toBe(200);
      const own = await call(t, contract.system.updatePasswordByUser, {
        token,
        body: { password: 'not-mine', newPassword: 'whatever1', checkPassword: 'whatever1' },
      });
      expect(own.status).not.toBe(403);
      expect(own.body.code).not.toBe(1);
    }
  });

  it('lists the customers and roles the account editor offers only when asked', async () => {
    const token = await as();
    const plain = await call(t, contract.system.userList, { token, body: {} });
    expect(plain.body.data.options).toBeUndefined();
    const r = await call(t, contract.system.userList, {
      token,
      body: { pageSize: 1, withOptions: true },
    });
    expect(r.body.data.records).toHaveLength(1);
    expect(r.body.data.options!.customers.map((c) => c.name)).toEqual(['Demo Trading', 'Other Co']);
    expect(r.body.data.options!.roles.map((x) => x.name)).toContain('Administrator');
    const demo = r.body.data.options!.customers.find((c) => c.code === 'DEMO')!;
    const ofDemo = await call(t, contract.system.userList, {
      token,
      body: { customerId: demo.recId },
    });
    expect(ofDemo.body.data.records.map((u) => u.username).sort()).toEqual(['demo', 'demo-sub']);
    expect(ofDemo.body.data.records.every((u) => u.customerName === 'Demo Trading')).toBe(true);
    // An account holding account:view but not role:view still gets the role names it edits.
    const all = await call(t, contract.system.getAllMenus, { token });
    const ids = all.body.data
      .filter((m) => m.path === '/admin/system/account' || m.path === 'account:edit')
      .map((m) => m.recId);
    const role = await call(t, contract.system.roleSave, {
      token,
      body: { name: 'Accounts only', menuIds: ids },
    });
    await call(t, contract.system.userSave, {
      token,
      body: { username: 'clerk', type: 1, roleIds: [role.body.data.recId], password: 'clerk-pass' },
    });
    const clerk = await t.login('clerk', 'clerk-pass');
    const own = await call(t, contract.system.userList, {
      token: clerk,
      body: { withOptions: true },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.options!.roles.some((x) => x.name === 'Accounts only')).toBe(true);
  });

  it('disables an account, which ends its sessions and refuses its login, and enables it again', async () => {
    const token = await as();
    const created = await call(t, contract.system.userSave, {
      token,
      body: { username: 'Temp.User', nickname: 'Temp', type: 1, password: 'temp-pass' },
    });
    expect(created.body.data).toMatchObject({ username: 'temp.user', status: 1, roleIds: [] });
    const session = await t.login('temp.user', 'temp-pass');
    const {
      recId,
      createdAt: _c,
      customerName: _n,
      ...rest
    } = created.body.data as User & {
      createdAt: string;
    };
    const off = await call(t, contract.system.userSave, { token, body: { recId, ...rest, status: 2 } });
    expect(off.body.data.status).toBe(2);
    expect((await call(t, contract.auth.me, { token: session })).status).toBe(401);
    const refused = await call(t, contract.auth.login, {
      body: { username: 'temp.user', password: 'temp-pass' },
      lang: 'en',
    });
    expect(refused.status).not.toBe(200);
    const disabled = await call(t, contract.system.userList, { token, body: { status: 2 } });
    expect(disabled.body.data.records.map((u) => u.username)).toEqual(['temp.user']);
    await call(t, contract.system.userSave, { token, body: { recId, ...rest, status: 1 } });
    await t.login('temp.user', 'temp-pass');
  });

  it('refuses to let an administrator disable their own account', async () => {
    const token = await as();
    const me = await call(t, contract.system.userList, { token, body: { username: 'admin' } });
    const self = me.body.data.records.find((u) => u.username === 'admin')!;
    const r = await call(t, contract.system.userSave, {
      token,
      body: {
        recId: self.recId,
        username: self.username,
        nickname: self.nickname,
        type: self.type,
        status: 2,
        roleIds: self.roleIds,
      },
      lang: 'en',
    });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('You cannot disable your own account');
  });

  it("changes what a signed-in account may do as soon as its role's menus or name change", async () => {
    const token = await as();
    const all = await call(t, contract.system.getAllMenus, { token });
    const path = (p: string) => all.body.data.find((m) => m.path === p)!.recId;
    const role = await call(t, contract.system.roleSave, {
      token,
      body: { name: 'Grants now', menuIds: [path('/admin/system'), path('/admin/system/account')] },
    });
    const recId = role.body.data.recId;
    await call(t, contract.system.userSave, {
      token,
      body: { username: 'grants', nickname: 'Grants', type: 1, roleIds: [recId], password: 'grants-pass' },
    });
    const held = await t.login('grants', 'grants-pass');
    expect((await call(t, contract.system.userList, { token: held, body: {} })).status).toBe(200);
    expect((await call(t, contract.system.roleList, { token: held, body: {} })).status).toBe(403);

    // The same session, its role edited: the next call is judged by the role as it is now.
    await call(t, contract.system.roleSave, {
      token,
      body: { recId, name: 'Grants later', menuIds: [path('/admin/system'), path('/admin/system/role')] },
    });
    expect((await call(t, contract.system.userList, { token: held, body: {} })).status).toBe(403);
    expect((await call(t, contract.system.roleList, { token: held, body: {} })).status).toBe(200);
    const current = await call(t, contract.auth.me, { token: held });
    expect(current.body.data.roles.map((r) => r.name)).toEqual(['Grants later']);
  });

  it('edits a role: replaces its menus, renames it and deletes it once nobody holds it', async () => {
    const token = await as();
    const all = await call(t, contract.system.getAllMenus, { token });
    const [a, b] = all.body.data.filter((m) => m.type === 2);
    const created = await call(t, contract.system.roleSave, {
      token,
      body: { name: 'Temp role', menuIds: [a!.recId] },
    });
    const recId = created.body.data.recId;
    const saved = await call(t, contract.system.roleSave, {
      token,
      body: { recId, name: 'Temp role 2', menuIds: [b!.recId] },
    });
    expect(saved.body.data).toMatchObject({ name: 'Temp role 2', menuIds: [b!.recId] });
    const found = await call(t, contract.system.roleList, { token, body: { name: 'temp ROLE' } });
    expect(found.body.data.records.map((r) => r.name)).toEqual(['Temp role 2']);
    expect((await call(t, contract.system.roleDelete, { token, body: { recId } })).body.code).toBe(1);
    expect((await call(t, contract.system.roleGetById, { token, body: { recId } })).status).toBe(404);
  });
});
