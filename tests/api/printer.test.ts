import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { callRaw, callWith } from './support/call.ts';

describe('label printers (printer/list, save, delete, options, setMyDefault)', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let depotIds: number[] = [];
  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
    depotIds = (
      await t.database.db.execute<{ id: number }>(sql`SELECT id FROM depots ORDER BY code`)
    ).rows.map((r) => r.id);
  });
  const post = <E extends EndpointDef>(entry: E, who: keyof typeof DEMO, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const save = (body: Body<typeof contract.printer.save>, who: keyof typeof DEMO = 'admin') =>
    post(contract.printer.save, who, body);
  /** A save the schema refuses, on purpose. */
  const saveBad = (body: object) =>
    callRaw(t, contract.printer.save, { token: tokens.admin, body, lang: 'en' });

  it('adds, changes, lists and deletes printers; one default a warehouse', async () => {
    expect(depotIds.length).toBeGreaterThan(0);
    const depotId = depotIds[0]!;
    const a = await save({ name: 'Packing 1', host: '10.0.0.21', depotId, isDefault: true });
    expect(a.status, a.raw).toBe(200);
    expect(a.body.data).toMatchObject({
      name: 'Packing 1',
      host: '10.0.0.21',
      port: 9100,
      dpi: 203,
      labelWidthMm: 100,
      labelHeightMm: 150,
      depotId,
      isDefault: true,
      status: 1,
    });
    expect(a.body.data.depotName).toBeTruthy();
    const b = await save({
      name: 'Packing 2',
      host: 'zebra-2.warehouse.lan',
      port: 6101,
      dpi: 300,
      labelSize: '100x100',
      depotId,
      isDefault: true,
    });
    expect(b.status, b.raw).toBe(200);
    expect(b.body.data).toMatchObject({ port: 6101, dpi: 300, labelWidthMm: 100, labelHeightMm: 100 });
    // The warehouse's default moved to the second printer.
    const list = await post(contract.printer.list, 'operator', { name: 'packing' });
    expect(list.status, list.raw).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(Object.fromEntries(list.body.data.records.map((p) => [p.name, p.isDefault]))).toEqual({
      'Packing 1': false,
      'Packing 2': true,
    });
    const byHost = await post(contract.printer.list, 'admin', { name: 'zebra-2' });
    expect(byHost.body.data.records.map((p) => p.name)).toEqual(['Packing 2']);

    const changed = await save({ recId: a.body.data.recId, name: 'Packing 1', host: '10.0.0.22', status: 2 });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.data).toMatchObject({ host: '10.0.0.22', status: 2, depotId: null });
    const disabled = await post(contract.printer.list, 'admin', { status: 2 });
    expect(disabled.body.data.records.map((p) => p.name)).toEqual(['Packing 1']);

    const del = await post(contract.printer.delete, 'admin', { recId: a.body.data.recId });
    expect(del.status, del.raw).toBe(200);
    expect((await post(contract.printer.delete, 'admin', { recId: a.body.data.recId })).status).toBe(404);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'printer' AND record_id = ${String(a.body.data.recId)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a taken name, a bad address or port, and a default without a warehouse', async () => {
    await save({ name: 'Dock', host: '10.0.0.30' });
    const taken = await save({ name: 'DOCK', host: '10.0.0.31' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('already exists');
    expect((await saveBad({ name: 'X1', host: 'http://10.0.0.1/' })).status).toBe(400);
    expect((await saveBad({ name: 'X2', host: '10.0.0.1', port: 70000 })).status).toBe(400);
    expect((await saveBad({ name: 'X3', host: '10.0.0.1', dpi: 600 })).status).toBe(400);
    expect((await saveBad({ name: 'X4', host: '10.0.0.1', labelSize: '10x10' })).status).toBe(400);
    const noDepot = await save({ name: 'X5', host: '10.0.0.1', isDefault: true });
    expect(noDepot.status).toBe(409);
  });

  it('keeps the settings to staff who hold the rights; options and own default for every staff user', async () => {
    expect((await post(contract.printer.list, 'finance')).status).toBe(403);
    expect((await save({ name: 'F', host: '10.0.0.9' }, 'finance')).status).toBe(403);
    expect((await post(contract.printer.list, 'demo')).status).toBe(403);
    expect((await post(contract.printer.options, 'demo')).status).toBe(403);

    const p = await save({ name: 'Mine', host: '10.0.0.40', depotId: depotIds.at(-1), isDefault: true });
    const before = await post(contract.printer.options, 'finance');
    expect(before.status, before.raw).toBe(200);
    expect(before.body.data.myDefaultId).toBeNull();
    expect(before.body.data.printers.some((o) => o.recId === p.body.data.recId)).toBe(true);
    expect(before.body.data.preferredId).not.toBeNull();

    const set = await post(contract.printer.setMyDefault, 'pda', { printerId: p.body.data.recId });
    expect(set.status, set.raw).toBe(200);
    const mine = await post(contract.printer.options, 'pda');
    expect(mine.body.data).toMatchObject({ myDefaultId: p.body.data.recId, preferredId: p.body.data.recId });
    // A disabled printer is no one's choice.
    await save({ recId: p.body.data.recId, name: 'Mine', host: '10.0.0.40', status: 2 });
    const after = await post(contract.printer.options, 'pda');
    expect(after.body.data.myDefaultId).toBeNull();
    expect(after.body.data.printers.some((o) => o.recId === p.body.data.recId)).toBe(false);
    expect((await post(contract.printer.setMyDefault, 'pda', { printerId: p.body.data.recId })).status).toBe(
      404,
    );
    expect((await post(contract.printer.setMyDefault, 'pda', { printerId: null })).status).toBe(200);
  });
});
