import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { SUB_RIGHTS, type SubRight } from '../../src/shared/domain/sub-rights.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callWith } from './support/call.ts';
import { idsByCode } from './support/movement.ts';
import { prepaidRiyadhOrder } from './support/order-body.ts';

type Who = keyof typeof DEMO;
const MARCH = { startDate: '2024-03-01', endDate: '2024-03-31' };

/**
 * Sub-account rights (issue 37 item 4): the main account decides what each sub-account may do;
 * the access layer refuses the rest, for the sub-account and for the keys it made; no one but the
 * main account and staff holding customer:edit sets them, never beyond what the caller holds; each
 * change is in the audit log.
 */
describe('sub-account rights', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let subId: number;
  let orderBody: () => Body<typeof contract.order.create>;

  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO)) tokens[name as Who] = await t.login(u, p);
    const region = await idsByCode(t, 'regions');
    const channel = await idsByCode(t, 'shipping_channels');
    orderBody = () => prepaidRiyadhOrder(region, channel['CN-SA-AIR-COD']);
    const subs = await call(t, contract.customer.subAccounts, {
      token: tokens.demo,
      body: {},
    });
    subId = subs.body.data.find((s) => s.username === 'demo-sub')!.recId;
  });

  const send = <E extends EndpointDef>(entry: E, token: string, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token, body, lang });
  /** The sub-account's rights; `rights` may hold one that is no right, on purpose. */
  const setRights = (rights: readonly string[], token = tokens.demo, recId = subId, lang = 'en') =>
    send(contract.customer.saveSubRights, token, { recId, rights: [...rights] as SubRight[] }, lang);
  const give = async (rights: readonly SubRight[]) => {
    const r = await setRights(rights);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const newOrder = async () => {
    const r = await send(contract.order.create, tokens.demo, orderBody());
    expect(r.status, r.raw).toBe(200);
    return r.body.data.recId;
  };
  const cancel = (id: number, token = tokens.demoSub) =>
    send(contract.order.cancelOrder, token, { ids: [id] });

  it('gives the demo sub-account a clerk’s subset, and reports it with the session', async () => {
    const me = await call(t, contract.auth.me, { token: tokens.demoSub });
    expect(me.body.data.subRights).toEqual([
      'orders:create',
      'orders:cancel',
      'labels:print',
      'orders:export',
      'reports:read',
    ]);
    const main = await call(t, contract.auth.me, { token: tokens.demo });
    expect(main.body.data.subRights).toBeUndefined();
    // The bills are not among them: refused as every call the access layer refuses (403, code 0).
    const bills = await send(contract.statement.trackingStatementDate, tokens.demoSub, MARCH);
    expect([bills.status, bills.body.code]).toEqual([403, 0]);
    expect((await send(contract.statement.trackingStatementDate, tokens.demo, MARCH)).status).toBe(200);
  });

  it('refuses a sub-account without orders:cancel and lets it cancel once given the right', async () => {
    const a = await newOrder();
    await give(['orders:create', 'labels:print']);
    const refused = await cancel(a);
    expect([refused.status, refused.body.code]).toEqual([403, 0]);
    expect(refused.body.msg).toBe('You do not have permission to do this');
    // The main account is not limited by its sub-accounts' rights.
    const b = await newOrder();
    expect((await cancel(b, tokens.demo)).status).toBe(200);

    await give(['orders:create', 'orders:cancel', 'labels:print']);
    const done = await cancel(a);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data).toMatchObject({ cancelled: 1 });
  });

  it('hides the screens and buttons of the rights a sub-account lacks from its menu', async () => {
    const paths = async () =>
      new Set((await send(contract.system.getUserMenus, tokens.demoSub)).body.data.map((m) => m.path.trim()));
    await give(['orders:create', 'reports:read', 'orders:export']);
    const wide = await paths();
    expect(wide.has('/admin/user/order/input')).toBe(true);
    expect(wide.has('/admin/report/waybill')).toBe(true);
    expect(wide.has('report:export')).toBe(true);
    expect(wide.has('/admin/report/logisticsbill')).toBe(false);
    await give(['reports:read']);
    const narrow = await paths();
    expect(narrow.has('/admin/user/order/input')).toBe(false);
    expect(narrow.has('/admin/user/order/batch')).toBe(false);
    expect(narrow.has('/admin/user/order/list')).toBe(true);
    expect(narrow.has('/admin/report/waybill')).toBe(true);
    expect(narrow.has('report:export')).toBe(false);
    // The main account's menu is whole.
    const main = new Set(
      (await send(contract.system.getUserMenus, tokens.demo)).body.data.map((m) => m.path),
    );
    expect(main.has('/admin/report/logisticsbill')).toBe(true);
  });

  it('lets only the main account and staff with customer:edit set rights, never beyond their own', async () => {
    // A sub-account cannot give itself (or another) anything: the call is the main account's.
    for (const rights of [[...SUB_RIGHTS], ['orders:create']]) {
      const own = await setRights(rights, tokens.demoSub);
      expect([own.status, own.body.code]).toEqual([403, 0]);
    }
    // Another customer's sub-account does not exist for this main account.
    const foreign = await setRights(['orders:create'], tokens.other);
    expect(foreign.status).toBe(404);
    expect((await send(contract.customer.subAccounts, tokens.other)).body.data).toEqual([]);
    // Only a sub-account has rights: the main account itself is no target.
    const me = await call(t, contract.auth.me, { token: tokens.demo });
    expect((await setRights(['orders:create'], tokens.demo, me.body.data.recId)).status).toBe(404);

    // Staff: the customer screen's edit permission; without it, refused.
    const service = await setRights(['orders:create'], tokens.service);
    expect([service.status, service.body.code]).toEqual([403, 0]);
    const byStaff = await setRights(['orders:create', 'statements:read'], tokens.admin);
    expect(byStaff.status, byStaff.raw).toBe(200);
    expect(byStaff.body.data.rights).toEqual(['orders:create', 'statements:read']);
    const customerId = byStaff.body.data.customerId;
    const staffList = await send(contract.customer.subAccounts, tokens.admin, {
      customerId,
    });
    expect(staffList.body.data.find((s) => s.recId === subId)?.rights).toEqual([
      'orders:create',
      'statements:read',
    ]);
    // Read with the session at its next call.
    expect((await send(contract.statement.trackingStatementDate, tokens.demoSub, MARCH)).status).toBe(200);
  });

  it('answers unknown rights with a translated 400', async () => {
    const en = await setRights(['orders:create', 'admin:everything']);
    expect([en.status, en.body.code]).toEqual([400, 0]);
    const cn = await setRights(['admin:everything'], tokens.demo, subId, 'cn');
    const ar = await setRights(['admin:everything'], tokens.demo, subId, 'ar');
    expect(cn.status).toBe(400);
    expect(ar.status).toBe(400);
    expect(new Set([en.body.msg, cn.body.msg, ar.body.msg]).size).toBe(3);
    expect(/[\u0600-\u06ff]/.test(ar.body.msg)).toBe(true);
  });

  it('keeps an API key of a sub-account within the sub-account’s rights', async () => {
    await give(['orders:create', 'orders:cancel', 'apiKeys:manage']);
    const made = await send(contract.apiKey.create, tokens.demoSub, {
      name: 'clerk system',
      scopes: ['orders:read', 'orders:write'],
    });
    expect(made.status, made.raw).toBe(200);
    const key = made.body.data.secret;
    // A key may not hold a scope whose calls the sub-account may not make.
    const labels = await send(contract.apiKey.create, tokens.demoSub, { name: 'labels', scopes: ['labels'] });
    expect(labels.status).toBe(403);

    const first = await send(contract.order.create, key, orderBody());
    expect(first.status, first.raw).toBe(200);
    await give(['apiKeys:manage']);
    const refused = await send(contract.order.create, key, orderBody());
    expect([refused.status, refused.body.code]).toEqual([403, 0]);
    expect((await cancel(first.body.data.recId, key)).status).toBe(403);
    // Reading orders needs no right: the key still does.
    expect((await send(contract.order.list, key, {})).status).toBe(200);
    // The key cannot touch rights either.
    expect((await setRights([...SUB_RIGHTS], key)).status).toBe(403);
  });

  it('records each change of rights in the audit log, with the rights before and after', async () => {
    await give(['orders:create', 'labels:print']);
    await give(['labels:print', 'orders:export']);
    await give(['labels:print', 'orders:export']);
    const page = await send(contract.audit.list, tokens.admin, {
      entity: 'subAccountRights',
      recordId: String(subId),
      pageSize: 100,
    });
    const [last, previous] = page.body.data.records;
    expect(last).toMatchObject({
      actorName: 'demo',
      actorType: 2,
      action: 'update',
      before: { rights: ['orders:create', 'labels:print'] },
      after: { rights: ['labels:print', 'orders:export'] },
    });
    expect(last!.sessionId).toBeTruthy();
    expect(previous!.after).toEqual({ rights: ['orders:create', 'labels:print'] });
    // Saving the same rights again changed nothing and wrote nothing.
    expect(
      page.body.data.records.filter((r) => r.after.rights?.toString() === 'labels:print,orders:export'),
    ).toHaveLength(1);
  });

  it('gives a sub-account made by staff every right, which its main account then narrows', async () => {
    const me = await call(t, contract.auth.me, { token: tokens.demo });
    const made = await send(contract.system.userSave, tokens.admin, {
      username: 'demo-sub-2',
      nickname: 'Second clerk',
      type: 3,
      status: 1,
      customerId: me.body.data.customerId,
      email: '',
      phone: '',
      roleIds: [],
      password: 'Secret-pass-1',
    });
    expect(made.status, made.raw).toBe(200);
    const list = await send(contract.customer.subAccounts, tokens.demo);
    expect(list.body.data.find((s) => s.username === 'demo-sub-2')?.rights).toEqual([...SUB_RIGHTS]);
    const narrowed = await setRights(['orders:create'], tokens.demo, made.body.data.recId);
    expect(narrowed.body.data.rights).toEqual(['orders:create']);
  });
});
