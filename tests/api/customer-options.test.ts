import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { DEMO } from './support/app.ts';
import { call } from './support/call.ts';
import { useCustomers } from './support/customers.ts';

type Who = keyof typeof DEMO;

describe('customers, their properties and channels, and their own options', () => {
  const { t, tokens, channel, seeded, post, bad, list, assignChannels } = useCustomers();

  describe("the customer's own options", () => {
    const options = (who: Who, lang = 'en') =>
      call(t, contract.customer.options, { token: tokens[who], lang });
    const update = (who: Who, body: Body<typeof contract.customer.updateOptions>, lang = 'en') =>
      post(contract.customer.updateOptions, who, body, lang);
    let riyadh = 0;

    beforeAll(async () => {
      await assignChannels(seeded.demoId, [channel.sa, channel.ae, channel.off]);
      const r = await t.database.db.execute<{ id: number }>(
        sql`SELECT id FROM regions WHERE level = 2 AND parent_id IN (SELECT id FROM regions WHERE parent_id = (SELECT id FROM regions WHERE code = 'SA')) ORDER BY sort LIMIT 1`,
      );
      riyadh = r.rows[0]!.id;
    });

    it('shows a customer its own options, with the usable channels and its default sender', async () => {
      const demo = await options('demo');
      expect(demo.status, demo.raw).toBe(200);
      expect(demo.body.data).toMatchObject({
        customerId: seeded.demoId,
        customerCode: 'DEMO',
        contact: 'Li Wei',
        editable: true,
      });
      // Enabled assigned channels only.
      expect(demo.body.data.channels.map((c) => c.code).sort()).toEqual(['TCAE', 'TCSA']);
      expect(demo.body.data.sender).toMatchObject({ isDefault: true, customerCode: 'DEMO' });

      const sub = await options('demoSub');
      expect(sub.body.data).toMatchObject({ customerId: seeded.demoId, editable: false });
      const other = await options('other');
      expect(other.body.data.customerId).toBe(seeded.otherId);
      expect(other.body.data.customerCode).toBe('OTHER');
    });

    it('lets the main account change them; the sender becomes its default address', async () => {
      const res = await update('demo', {
        contact: 'Wang Fang',
        phone: '+86 755 1234 5678',
        notifyEmail: 'a@demo.example; b@demo.example',
        defaultChannelId: channel.sa,
        sender: {
          regionId: riyadh,
          contact: 'Wang Fang',
          phone: '+86 138 0000 1111',
          address: 'Room 1, Test Road 8',
          postCode: '12211',
        },
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toMatchObject({
        contact: 'Wang Fang',
        notifyEmail: 'a@demo.example, b@demo.example',
        defaultChannelId: channel.sa,
        sender: { regionId: riyadh, contact: 'Wang Fang', address: 'Room 1, Test Road 8', isDefault: true },
      });
      expect(res.body.data.sender!.regionIds[0]).toBeTypeOf('number');

      const regions = await post(contract.region.customerRegionList, 'demo', {});
      const defaults = regions.body.data.records.filter((r) => r.isDefault);
      expect(defaults).toHaveLength(1);
      expect(defaults[0]!.recId).toBe(res.body.data.sender!.recId);

      // The staff customer list shows the contact the customer set.
      const staffView = (await list({ code: 'DEMO' })).body.data.records[0]!;
      expect(staffView.contact).toBe('Wang Fang');

      // Left out, the sender stays.
      const noSender = await update('demo', {
        contact: 'Wang Fang',
        phone: '+86 755 1234 5678',
        notifyEmail: 'a@demo.example, b@demo.example',
        defaultChannelId: null,
      });
      expect(noSender.body.data.sender!.recId).toBe(res.body.data.sender!.recId);
      expect(noSender.body.data.defaultChannelId).toBeNull();
    });

    it('refuses a channel the customer may not use, and bad fields, with translated messages', async () => {
      const disabled = await update('demo', { defaultChannelId: channel.off }, 'cn');
      expect(disabled.status).toBe(400);
      expect(disabled.body.msg).toBe('请从分配给您的已启用渠道中选择');
      const otherChannel = await update('other', { defaultChannelId: channel.off }, 'en');
      expect(otherChannel.status).toBe(400);
      expect(otherChannel.body.msg).toBe('Choose one of the enabled channels assigned to you');

      const refused = await bad(contract.customer.updateOptions, 'demo', {
        notifyEmail: 'not-mail',
        phone: 'x',
        sender: { regionId: riyadh, contact: '', phone: 'abc', address: '' },
      });
      expect(refused.status).toBe(400);
      expect(refused.issues.map((i) => i.path)).toEqual(
        expect.arrayContaining([
          'notifyEmail.0',
          'phone',
          'sender.contact',
          'sender.phone',
          'sender.address',
        ]),
      );
      // The customer comes from the session: naming one is refused.
      const named = await bad(contract.customer.updateOptions, 'other', {
        customerId: seeded.demoId,
        contact: 'Hijack',
      });
      expect(named.status).toBe(400);
      expect((await options('demo')).body.data.contact).toBe('Wang Fang');
    });

    it('keeps each customer to its own options; a sub-account reads but cannot edit', async () => {
      const sub = await update('demoSub', { contact: 'Sub edit' });
      expect(sub.status).toBe(403);
      expect((await options('demoSub')).body.data.contact).toBe('Wang Fang');

      const other = await update('other', { contact: 'Omar H.', notifyEmail: 'o@other.example' });
      expect(other.status, other.raw).toBe(200);
      expect(other.body.data.customerId).toBe(seeded.otherId);
      const demo = await options('demo');
      expect(demo.body.data).toMatchObject({
        contact: 'Wang Fang',
        notifyEmail: 'a@demo.example, b@demo.example',
      });
      expect(demo.body.data.sender!.address).toBe('Room 1, Test Road 8');
      const otherView = await options('other');
      expect(otherView.body.data.contact).toBe('Omar H.');
      expect(otherView.body.data.sender?.customerId ?? seeded.otherId).toBe(seeded.otherId);

      // Staff and PDA accounts have no customer options.
      expect((await update('admin', { contact: 'x' })).status).toBe(403);
      expect((await update('pda', { contact: 'x' })).status).toBe(403);
    });

    it('clears a default channel that is no longer assigned', async () => {
      const set = await update('demo', { contact: 'Wang Fang', defaultChannelId: channel.ae });
      expect(set.body.data.defaultChannelId).toBe(channel.ae);
      await assignChannels(seeded.demoId, [channel.sa]);
      const after = await options('demo');
      expect(after.body.data.defaultChannelId).toBeNull();
      expect(after.body.data.channels.map((c) => c.code)).toEqual(['TCSA']);
    });
  });
});
