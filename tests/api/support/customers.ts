import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './app.ts';
import { callRaw, callWith } from './call.ts';

type Who = keyof typeof DEMO;

/**
 * The customer tests' app: the demo accounts logged in, three test channels (Saudi, UAE,
 * disabled), the DEMO and OTHER customers' ids, and a customer's channels reassigned.
 */
export function useCustomers() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const channel = {} as Record<'sa' | 'ae' | 'off', number>;
  /** Filled before the tests: the DEMO and OTHER customers. */
  const seeded = { demoId: 0, otherId: 0 };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    // Channels of our own (the channel seed may add others): one to Saudi Arabia, one to the UAE, one disabled.
    await t.database.db.execute(sql`
      INSERT INTO shipping_channels (code, name, name_en, country_id, status)
      VALUES ('TCSA', '测试沙特专线', 'Test Saudi line', (SELECT id FROM regions WHERE code = 'SA'), 1),
             ('TCAE', '测试阿联酋专线', 'Test UAE line', (SELECT id FROM regions WHERE code = 'AE'), 1),
             ('TCOFF', '测试停用渠道', 'Test disabled line', NULL, 2)
      ON CONFLICT (code) DO NOTHING`);
    const rows = await t.database.db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM shipping_channels WHERE code IN ('TCSA', 'TCAE', 'TCOFF')`,
    );
    const id = (code: string) => rows.rows.find((r) => r.code === code)!.id;
    Object.assign(channel, { sa: id('TCSA'), ae: id('TCAE'), off: id('TCOFF') });
    const custs = await t.database.db.execute<{ id: number; code: string }>(
      sql`SELECT id, code FROM customers WHERE code IN ('DEMO', 'OTHER')`,
    );
    seeded.demoId = custs.rows.find((r) => r.code === 'DEMO')!.id;
    seeded.otherId = custs.rows.find((r) => r.code === 'OTHER')!.id;
  });

  const post = <E extends EndpointDef>(entry: E, who: Who, body: Body<E>, lang?: string) =>
    callWith(t, entry, { token: tokens[who], body, ...(lang ? { lang } : {}) });
  const bad = (entry: EndpointDef, who: Who, body: unknown, lang?: string) =>
    callRaw(t, entry, { token: tokens[who], body, ...(lang ? { lang } : {}) });
  const list = (body: Body<typeof contract.customer.list>, who: Who = 'admin') =>
    post(contract.customer.list, who, body);

  /** Saves a customer back as it is (update takes every field), with other channels. */
  async function assignChannels(customerId: number, channelIds: number[]) {
    const all = await list({ pageSize: 500 });
    const c = all.body.data.records.find((r) => r.recId === customerId)!;
    const res = await post(contract.customer.update, 'admin', {
      recId: c.recId,
      code: c.code,
      name: c.name,
      shortName: c.shortName,
      contact: c.contact,
      phone: c.phone,
      email: c.email,
      address: c.address,
      signingCompanyId: c.signingCompanyId,
      settlementCurrency: c.settlementCurrency,
      codAllowed: c.codAllowed,
      status: c.status,
      remark: c.remark,
      channelIds,
    });
    expect(res.status, res.raw).toBe(200);
  }

  return { t, tokens, channel, seeded, post, bad, list, assignChannels };
}
