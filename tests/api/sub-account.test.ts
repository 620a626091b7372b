import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { SUB_RIGHTS } from '../../src/shared/domain/sub-rights.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, callWith } from './support/call.ts';
import { setDemoSubRights } from './support/sub-rights.ts';

type Who = keyof typeof DEMO;

/**
 * A main account manages its own sub-accounts (issue 37, sub-account rights): it makes them with
 * the rights it chooses, disables and enables them, and sets their passwords. Only a main account,
 * only its own customer's sub-accounts (another customer's answer 404), never a sub-account, a key
 * or staff; a disabled sub-account's tokens stop at once.
 */
describe('sub-accounts managed by their main account', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const ids: Record<string, number> = {};

  const send = <E extends EndpointDef>(entry: E, token: string, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token, body, lang });
  const create = (body: Body<typeof contract.customer.createSubAccount>, token = tokens.demo, lang = 'en') =>
    send(contract.customer.createSubAccount, token, body, lang);
  /** A sub-account asked for with input the entry's schema refuses, on purpose. */
  const createRaw = (body: unknown, lang = 'en') =>
    callRaw(t, contract.customer.createSubAccount, { token: tokens.demo, body, lang });
  const setStatus = (recId: number, status: 1 | 2, token = tokens.demo) =>
    send(contract.customer.setSubAccountStatus, token, { recId, status });
  const reset = (recId: number, password: string, token = tokens.demo) =>
    send(contract.customer.resetSubAccountPassword, token, { recId, password });
  const logIn = (username: string, password: string) =>
    call(t, contract.auth.login, { body: { username, password }, lang: 'en' });

  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO)) tokens[name as Who] = await t.login(u, p);
    const admin = await send(contract.system.userList, tokens.admin, {
      pageNo: 1,
      pageSize: 100,
    });
    for (const u of admin.body.data.records) ids[u.username] = u.recId;
    const other = await call(t, contract.auth.me, { token: tokens.other });
    const otherSub = await send(contract.system.userSave, tokens.admin, {
      username: 'other-clerk',
      nickname: 'Other clerk',
      type: 3,
      status: 1,
      customerId: other.body.data.customerId,
      roleIds: [],
      password: 'other-pass-1',
    });
    expect(otherSub.status, otherSub.raw).toBe(200);
    ids['other-clerk'] = otherSub.body.data.recId;
  });

  it('makes a sub-account with the rights it chooses; the sub-account holds those and no more', async () => {
    const made = await create({
      username: 'Packer.One',
      nickname: 'Packer',
      password: 'packer-pass-1',
      rights: ['labels:print', 'orders:create'],
    });
    expect(made.status, made.raw).toBe(200);
    // Lower-cased as every username, rights in the order of SUB_RIGHTS, of the caller's customer.
    const me = await call(t, contract.auth.me, { token: tokens.demo });
    expect(made.body.data).toMatchObject({
      username: 'packer.one',
      nickname: 'Packer',
      status: 1,
      customerId: me.body.data.customerId,
      rights: ['orders:create', 'labels:print'],
    });
    ids.packer = made.body.data.recId;
    const list = await send(contract.customer.subAccounts, tokens.demo);
    expect(list.body.data.map((s) => s.username)).toContain('packer.one');
    const session = await t.login('packer.one', 'packer-pass-1');
    const current = await call(t, contract.auth.me, {
      token: session,
    });
    expect(current.body.data).toMatchObject({ type: 3, subRights: ['orders:create', 'labels:print'] });
    expect((await send(contract.order.cancelOrder, session, { ids: [1] })).status).toBe(403);
    // Staff see it in the customer's sub-accounts; the audit log has who made it with which rights.
    const staffView = await send(contract.customer.subAccounts, tokens.admin, {
      customerId: me.body.data.customerId,
    });
    expect(staffView.body.data.find((s) => s.username === 'packer.one')?.rights).toEqual([
      'orders:create',
      'labels:print',
    ]);
    const audit = await send(contract.audit.list, tokens.admin, {
      entity: 'subAccountRights',
      recordId: String(ids.packer),
    });
    expect(audit.body.data.records).toEqual([
      expect.objectContaining({
        actorName: 'demo',
        action: 'create',
        after: { rights: made.body.data.rights },
      }),
    ]);
  });

  it('answers bad input with a translated 4xx', async () => {
    const short = await create({ username: 'short-pass', password: '123', rights: [] }, tokens.demo, 'ar');
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/[\u0600-\u06FF]/);
    const taken = await create({ username: 'DEMO', password: 'taken-pass-1' }, tokens.demo, 'ar');
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toMatch(/[\u0600-\u06FF]/);
    const unknownRight = await createRaw({
      username: 'bad-right',
      password: 'right-pass-1',
      rights: ['root'],
    });
    expect(unknownRight.status).toBe(400);
    const badName = await create({ username: 'with space', password: 'right-pass-1' });
    expect(badName.status).toBe(400);
    // The customer comes from the session, never from the request.
    const foreign = await createRaw({ username: 'smuggled', password: 'right-pass-1', customerId: 1 });
    expect(foreign.status).toBe(400);
    const badStatus = { recId: ids.packer, status: 3 };
    const off = await callRaw(t, contract.customer.setSubAccountStatus, {
      token: tokens.demo,
      body: badStatus,
    });
    expect(off.status).toBe(400);
    const shortReset = await reset(ids.packer!, '1', tokens.demo);
    expect(shortReset.status).toBe(400);
    expect(shortReset.body.code).toBe(0);
  });

  it('touches only its own customer’s sub-accounts: the other customer’s, or any other account, is 404', async () => {
    for (const target of ['other-clerk', 'demo', 'admin', 'other']) {
      expect((await setStatus(ids[target]!, 2)).status, target).toBe(404);
      expect((await reset(ids[target]!, 'taken-over-1')).status, target).toBe(404);
    }
    expect((await setStatus(ids.packer!, 2, tokens.other)).status).toBe(404);
    expect((await reset(ids.packer!, 'taken-over-1', tokens.other)).status).toBe(404);
    expect(
      (await send(contract.customer.saveSubRights, tokens.other, { recId: ids.packer, rights: [] })).status,
    ).toBe(404);
    // Nothing moved: the other customer's clerk still logs in with its own password.
    await t.login('other-clerk', 'other-pass-1');
  });

  it('never lets a sub-account, a key or staff manage sub-accounts', async () => {
    // Even a sub-account holding every right.
    await setDemoSubRights(t, tokens.demo, SUB_RIGHTS);
    const key = await send(contract.apiKey.create, tokens.demo, { name: 'sub-accounts' });
    for (const token of [tokens.demoSub, key.body.data.secret, tokens.admin, tokens.operator]) {
      expect((await create({ username: 'not-made', password: 'not-made-1' }, token)).status).toBe(403);
      expect((await setStatus(ids.packer!, 2, token)).status).toBe(403);
      expect((await reset(ids.packer!, 'taken-over-1', token)).status).toBe(403);
    }
    const refused = await create({ username: 'not-made', password: 'not-made-1' }, tokens.demoSub, 'cn');
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await logIn('not-made', 'not-made-1')).status).not.toBe(200);
    await t.login('packer.one', 'packer-pass-1');
  });

  it('disables a sub-account: its access and refresh tokens stop at once; enabled, it logs in again', async () => {
    const session = await logIn('packer.one', 'packer-pass-1');
    expect(session.status).toBe(200);
    const { token: accessToken, refreshToken } = session.body.data;
    // A second session whose refresh token is not touched while the account is disabled.
    const untouched = (await logIn('packer.one', 'packer-pass-1')).body.data.refreshToken;
    expect((await call(t, contract.auth.me, { token: accessToken })).status).toBe(200);
    const off = await setStatus(ids.packer!, 2);
    expect(off.status, off.raw).toBe(200);
    expect(off.body.data.status).toBe(2);
    const current = await call(t, contract.auth.me, { token: accessToken });
    expect(current.status).toBe(401);
    expect(current.body.code).toBe(6);
    const refreshed = await call(t, contract.auth.refresh, { body: { refreshToken } });
    expect(refreshed.status).toBe(401);
    expect((await logIn('packer.one', 'packer-pass-1')).status).not.toBe(200);
    const list = await send(contract.customer.subAccounts, tokens.demo);
    expect(list.body.data.find((s) => s.recId === ids.packer)?.status).toBe(2);

    expect((await setStatus(ids.packer!, 1)).body.data.status).toBe(1);
    await t.login('packer.one', 'packer-pass-1');
    // Disabling ended every session: enabled again, none of the earlier refresh tokens works.
    expect((await call(t, contract.auth.refresh, { body: { refreshToken } })).status).toBe(401);
    expect((await call(t, contract.auth.refresh, { body: { refreshToken: untouched } })).status).toBe(401);
  });

  it('sets a sub-account’s password: its sessions end, the old password no longer works', async () => {
    const session = await t.login('packer.one', 'packer-pass-1');
    const r = await reset(ids.packer!, 'packer-pass-2');
    expect(r.status, r.raw).toBe(200);
    expect((await call(t, contract.auth.me, { token: session })).status).toBe(401);
    expect((await logIn('packer.one', 'packer-pass-1')).status).not.toBe(200);
    await t.login('packer.one', 'packer-pass-2');
    const audit = await send(contract.audit.list, tokens.admin, {
      entity: 'account',
      recordId: String(ids.packer),
    });
    expect(audit.body.data.records.map((a) => a.action).sort()).toEqual(
      ['create', 'password', 'update', 'update'].sort(),
    );
  });
});
