import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderInput } from '../../src/shared/contract/order.ts';
import type { CurrencyLimitInput } from '../../src/shared/contract/shipping.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, rowErrors } from './support/call.ts';
import { channelAsItIs } from './support/channel-update.ts';
import { idsByCode } from './support/movement.ts';
import { riyadhConsignee } from './support/order-body.ts';

/**
 * Issue 41's plausibility limits per channel: the office sets them with shipping/update (refused
 * with issues when they make no sense; limits left out of an update are kept), and order/create, order/createBatch (per order, through an
 * API key too) and order/importOrder (the row, by its number) refuse an order outside them, naming
 * the limit and the value; nothing refused is written.
 */
describe('channel plausibility limits', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  let channelId = 0;
  let region: Record<string, number>;
  let apiKey = '';

  const view = async () =>
    (await call(t, contract.shipping.view, { params: { shippingId: channelId }, token: tokens.admin })).body
      .data;
  /** The channel as it is, with these limits: what the channel screen sends. */
  const setLimits = async (
    limits: { maxWeight?: string | null; currencyLimits?: CurrencyLimitInput[] },
    lang = 'en',
  ) => {
    return call(t, contract.shipping.update, {
      token: tokens.admin,
      lang,
      body: channelAsItIs(await view(), limits),
    });
  };
  const orderBody = (customerNo: string, more: Partial<OrderInput> = {}): OrderInput => ({
    customerNo,
    channelId,
    consignee: riyadhConsignee(region),
    weight: '1.250',
    isCod: true,
    codAmount: '150',
    codCurrency: 'SAR',
    goods: [{ nameEn: 'T-shirt', quantity: 2, unitPrice: '20.00', currency: 'SAR' }],
    ...more,
  });
  const countOrders = async (nos: string[]) =>
    Number(
      (await t.database.pool.query('SELECT count(*) AS n FROM orders WHERE customer_no = ANY($1)', [nos]))
        .rows[0].n,
    );
  const uniq = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;
  const create = (token: string, body: OrderInput, lang = 'en') =>
    call(t, contract.order.create, { token, lang, body });

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as keyof typeof DEMO] = await t.login(u, p);
    region = await idsByCode(t, 'regions');
    channelId = (await idsByCode(t, 'shipping_channels'))['CN-SA-AIR-COD']!;
    apiKey = (await call(t, contract.apiKey.create, { token: tokens.demo, body: { name: 'ERP' } })).body.data
      .secret;
  });

  it('an existing channel has no limits and takes any plausible order', async () => {
    expect(await view()).toMatchObject({ maxWeight: null, currencyLimits: [] });
    const no = uniq('FREE');
    const r = await create(tokens.demo, orderBody(no, { weight: '999', codAmount: '999999' }));
    expect(r.status, r.raw).toBe(200);
  });

  it('refuses limits that make no sense, with every issue at once, and keeps the channel as it was', async () => {
    const before = await view();
    const bad = await setLimits({
      maxWeight: '-1',
      currencyLimits: [
        { currency: 'SAR', maxCod: '-5', minDeclared: '500', maxDeclared: '100' },
        { currency: 'sar', maxCod: '10' },
        { currency: 'USD' },
      ],
    });
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.issues).toEqual([
      { path: 'maxWeight', message: 'Enter a weight greater than 0 and at most 100000 kg' },
      { path: 'currencyLimits.0.maxCod', message: 'Enter an amount from 0 to 1000000000' },
      { path: 'currencyLimits.0.minDeclared', message: 'The lowest declared value is above the highest' },
      {
        path: 'currencyLimits.1.currency',
        message: 'Only one row of limits per currency: this currency already has one',
      },
      {
        path: 'currencyLimits.2.currency',
        message: 'Set at least one limit for this currency, or remove the row',
      },
    ]);
    const zero = await setLimits({ maxWeight: '0' }, 'ar');
    expect(zero.status).toBe(400);
    expect(zero.issues.map((i) => i.path)).toEqual(['maxWeight']);
    expect(zero.issues[0]!.message).toMatch(/[\u0600-\u06FF]/);
    // Not a number at all: the schema's own 400.
    const text = await setLimits({ maxWeight: 'heavy' });
    expect(text.status).toBe(400);
    expect((await view()).updatedAt).toBe(before.updatedAt);
  });

  it('keeps the limits set and answers them as stored', async () => {
    const r = await setLimits({
      maxWeight: '30',
      currencyLimits: [
        { currency: 'sar', maxCod: '5000', minDeclared: '10', maxDeclared: '2000' },
        { currency: 'USD', maxDeclared: '800' },
      ],
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      maxWeight: '30.000',
      currencyLimits: [
        { currency: 'SAR', maxCod: '5000.00', minDeclared: '10.00', maxDeclared: '2000.00' },
        { currency: 'USD', maxCod: null, minDeclared: null, maxDeclared: '800.00' },
      ],
    });
    expect(await view()).toMatchObject({ maxWeight: '30.000' });
  });

  it('order/create: at the limits passes; over them refused (400) naming limit and value, nothing written', async () => {
    const atLimit = uniq('AT');
    const ok = await create(
      tokens.demo,
      orderBody(atLimit, {
        weight: '30',
        codAmount: '5000',
        goods: [{ nameEn: 'Watch', quantity: 2, unitPrice: '1000', currency: 'SAR' }],
      }),
    );
    expect(ok.status, ok.raw).toBe(200);

    const over = uniq('OVER');
    const r = await create(
      tokens.demo,
      orderBody(over, {
        weight: '35',
        codAmount: '5000.01',
        goods: [{ nameEn: 'T-shirt', quantity: 1, unitPrice: '8.50', currency: 'SAR' }],
      }),
    );
    expect(r.status, r.raw).toBe(400);
    expect(r.body.msg).toBe("Weight 35 kg is over this channel's limit of 30 kg");
    expect(r.issues).toEqual([
      { path: 'weight', message: "Weight 35 kg is over this channel's limit of 30 kg" },
      { path: 'codAmount', message: "COD 5000.01 SAR is over this channel's limit of 5000 SAR" },
      { path: 'goods', message: "Declared value 8.50 SAR is under this channel's minimum of 10 SAR" },
    ]);
    // Through an API key, in Arabic; a currency without limits is not held.
    const ar = await create(
      apiKey,
      orderBody(over, {
        codCurrency: 'AED',
        codAmount: '99999',
        goods: [{ nameEn: 'Laptop', quantity: 1, unitPrice: '900', currency: 'USD' }],
      }),
      'ar',
    );
    expect(ar.status, ar.raw).toBe(400);
    expect(ar.issues.map((i) => i.path)).toEqual(['goods']);
    expect(ar.body.msg).toMatch(/[\u0600-\u06FF]/);
    expect(ar.body.msg).toContain('900');
    expect(ar.body.msg).toContain('800');
    expect(await countOrders([over])).toBe(0);
    expect(await countOrders([atLimit])).toBe(1);
  });

  it('order/createBatch refuses the orders over a limit one by one and creates the others', async () => {
    const nos = [uniq('B0'), uniq('B1'), uniq('B2')];
    const r = await call(t, contract.order.createBatch, {
      token: apiKey,
      lang: 'en',
      idempotencyKey: randomUUID(),
      body: {
        orders: [
          orderBody(nos[0]!),
          orderBody(nos[1]!, { weight: '30.001' }),
          orderBody(nos[2]!, { codAmount: '6000' }),
        ],
      },
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({ created: 1, refused: 2 });
    expect(r.body.data.results.map((x) => [x.ok, x.issues])).toEqual([
      [true, []],
      [false, [{ path: 'weight', message: "Weight 30.001 kg is over this channel's limit of 30 kg" }]],
      [false, [{ path: 'codAmount', message: "COD 6000 SAR is over this channel's limit of 5000 SAR" }]],
    ]);
    expect(await countOrders(nos)).toBe(1);

    const none = await call(t, contract.order.createBatch, {
      token: tokens.demo,
      body: { orders: [orderBody(uniq('B3'), { weight: '31' })] },
    });
    expect(none.status).toBe(409);
  });

  it('order/importOrder refuses the rows over a limit with their row numbers and writes nothing', async () => {
    const header = [
      'Customer order no',
      'Shipping channel code',
      'Consignee name',
      'Consignee phone',
      'Country',
      'Province',
      'City',
      'District',
      'Address',
      'Weight (kg)',
      'COD',
      'COD amount',
      'COD currency',
      'Goods name (English)',
      'Quantity',
      'Unit price',
      'Currency',
    ];
    const row = (no: string, weight: string, cod: string, price: string, currency = 'SAR') => [
      no,
      'CN-SA-AIR-COD',
      'Ahmed Al-Harbi',
      '+966 50 123 4567',
      'SA',
      'Riyadh Province',
      'Riyadh',
      'Al Olaya',
      'King Fahd Road 12',
      weight,
      'Y',
      cod,
      'SAR',
      'T-shirt',
      '1',
      price,
      currency,
    ];
    const nos = [uniq('I0'), uniq('I1'), uniq('I2'), uniq('I3')];
    const upload = async (rows: string[][]) =>
      call(t, contract.order.importOrder, {
        token: tokens.demo,
        lang: 'en',
        file: { name: 'orders.xlsx', content: await xlsxOf([header, ...rows]) },
      });
    const refused = await upload([
      row(nos[0]!, '30', '5000', '2000'),
      row(nos[1]!, '45', '100', '50'),
      row(nos[2]!, '1', '5000.5', '50'),
      row(nos[3]!, '1', '100', '2500', 'SAR'),
    ]);
    expect(refused.status, refused.raw).toBe(400);
    expect(rowErrors(refused)).toEqual([
      { row: 3, column: 'Weight (kg)', message: "Weight 45 kg is over this channel's limit of 30 kg" },
      { row: 4, column: 'COD amount', message: "COD 5000.50 SAR is over this channel's limit of 5000 SAR" },
      {
        row: 5,
        column: 'Unit price',
        message: "Declared value 2500 SAR is over this channel's limit of 2000 SAR",
      },
    ]);
    expect(await countOrders(nos)).toBe(0);

    // The same orders within the limits (and one in a currency without any) import.
    const good = await upload([
      row(nos[0]!, '30', '5000', '2000'),
      row(nos[1]!, '29.5', '100', '50'),
      row(nos[2]!, '1', '4999.99', '50'),
      row(nos[3]!, '1', '100', '99999', 'EUR'),
    ]);
    expect(good.status, good.raw).toBe(200);
    expect(await countOrders(nos)).toBe(4);
  });

  it('a COD modification import over the largest COD refuses the file, naming the row', async () => {
    const made = await create(tokens.demo, orderBody(uniq('CODMOD')));
    expect(made.status, made.raw).toBe(200);
    const no = made.body.data.trackingNo;
    const upload = async (rows: string[][]) => {
      const content = await xlsxOf([['Logistics order no', 'Updated COD amount', 'Currency'], ...rows]);
      return call(t, contract.cod.import, {
        token: tokens.admin,
        lang: 'en',
        file: { name: 'cod.xlsx', content },
      });
    };
    const over = await upload([[no, '5000.01', '']]);
    expect(over.status, over.raw).toBe(400);
    expect(rowErrors(over)).toEqual([
      {
        row: 2,
        column: 'Updated COD amount',
        message: "COD 5000.01 SAR is over this channel's limit of 5000 SAR",
      },
    ]);
    const written = async () =>
      Number(
        (
          await t.database.pool.query(
            'SELECT count(*) AS n FROM cod_modifications m JOIN orders o ON o.id = m.order_id WHERE o.tracking_no = $1',
            [no],
          )
        ).rows[0].n,
      );
    expect(await written()).toBe(0);
    // At the limit it is taken.
    const ok = await upload([[no, '5000', 'SAR']]);
    expect(ok.status, ok.raw).toBe(200);
    expect(await written()).toBe(1);
  });

  it('an origin order entered over a limit is refused before its upload would be', async () => {
    const r = await call(t, contract.originOrder.create, {
      token: tokens.operator,
      lang: 'en',
      body: {
        platform: 'noon',
        platformOrderNo: uniq('NSA'),
        customerId: (await idsByCode(t, 'customers')).DEMO,
        channelId,
        receiver: {
          name: 'Hessa Al-Otaibi',
          phone: '+966 50 000 1111',
          country: 'Saudi Arabia',
          province: 'Riyadh Province',
          city: 'Riyadh',
          address: 'Anas Bin Malik Rd 4',
        },
        sender: { name: 'Demo Trading', phone: '+86 755 1234 5678', country: 'China', address: 'Futian 1' },
        weight: '31',
        isCod: true,
        codAmount: '99',
        codCurrency: 'sar',
        goods: [{ sku: 'A-1', nameEn: 'Phone case', quantity: 2, unitPrice: '4.5', currency: 'sar' }],
      },
    });
    expect(r.status, r.raw).toBe(400);
    expect(r.issues).toEqual([
      { path: 'weight', message: "Weight 31 kg is over this channel's limit of 30 kg" },
      { path: 'goods', message: "Declared value 9 SAR is under this channel's minimum of 10 SAR" },
    ]);
  });

  it('an update leaving limits out keeps them; null and [] remove them, then any order passes', async () => {
    const kept = await setLimits({});
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body.data.maxWeight).toBe('30.000');
    expect(kept.body.data.currencyLimits.map((l) => l.currency)).toEqual(['SAR', 'USD']);
    const noWeight = await setLimits({ maxWeight: null });
    expect(noWeight.body.data.maxWeight).toBeNull();
    expect(noWeight.body.data.currencyLimits).toHaveLength(2);
    const r = await setLimits({ currencyLimits: [] });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({ maxWeight: null, currencyLimits: [] });
    const ok = await create(tokens.demo, orderBody(uniq('AGAIN'), { weight: '99', codAmount: '99999' }));
    expect(ok.status, ok.raw).toBe(200);
  });
});
