import { and, asc, eq, inArray } from 'drizzle-orm';
import { CitcStatus, type OriginPlatform, UploadState } from '../../../../shared/domain/origin-order.ts';
import { AppError } from '../../../http/errors.ts';
import { translator } from '../../../i18n.ts';
import { confirmReceiver, confirmSender } from '../../../modules/origin-order/origin-confirm.service.ts';
import { uploadOrigins } from '../../../modules/origin-order/origin-upload.service.ts';
import type { Db } from '../../client.ts';
import {
  citcRecords,
  customers,
  originOrderGoods,
  originOrders,
  shippingChannels,
  users,
} from '../../schema/index.ts';
import { seedCaller } from '../caller.ts';

/** A receiver as a platform sends it: [name, phone, country, province, city, district, street]. */
type RawReceiver = [string, string, string, string, string, string, string];

/** Written the ways the platforms write them: English, Arabic, codes, a missing province, "KSA". */
const SA_RECEIVERS: RawReceiver[] = [
  [
    'Abdullah Al-Qahtani',
    '+966 50 123 4567',
    'Saudi Arabia',
    'Riyadh',
    'Riyadh',
    'Al Olaya',
    'King Fahd Rd, Bldg 12',
  ],
  ['نورة العتيبي', '0551234568', 'السعودية', 'منطقة الرياض', 'الرياض', 'النخيل', 'شارع الأمير تركي 8'],
  [
    'Faisal Al-Harbi',
    '+966 54 765 4321',
    'SA',
    'Makkah Province',
    'Jeddah',
    'Al Rawdah',
    'Prince Sultan St 44',
  ],
  ['Mona Al-Zahrani', '+966 56 111 2233', 'Saudi Arabia', '', 'Dammam', '', 'Al Faisaliyah, 3rd St 19'],
  [
    'Khalid Al-Shehri',
    '+966 53 444 5566',
    'Saudi Arabia',
    'Eastern Province',
    'Khobar',
    '',
    'Corniche Rd 201',
  ],
  [
    'Sara Al-Dossary',
    '+966 58 999 0011',
    'KSA',
    'Riyadh Region',
    'Riyadh',
    '',
    'Al Malaz, Salah Al Din St 7',
  ],
  ['Omar Al-Ghamdi', '0509876543', 'Saudi Arabia', 'Mecca Region', 'Jeddah', 'Al Hamra', 'Palestine St 90'],
  ['Reem Al-Mutairi', '+966 55 222 3344', 'Saudi Arabia', 'Madinah', 'Medina', '', 'Quba Rd 15'],
];
const AE_RECEIVERS: RawReceiver[] = [
  [
    'Ahmed Al-Mansoori',
    '+971 50 123 4567',
    'United Arab Emirates',
    'Dubai',
    'Dubai',
    'Deira',
    'Al Rigga Rd, Villa 3',
  ],
  [
    'فاطمة الشامسي',
    '+971 55 765 4321',
    'الإمارات العربية المتحدة',
    'إمارة دبي',
    'دبي',
    'جميرا',
    'شارع الوصل 21',
  ],
  [
    'Yousef Al-Hammadi',
    '+971 52 333 4455',
    'AE',
    'Abu Dhabi',
    'Abu Dhabi',
    'Al Reem Island',
    'Sky Tower 2, Apt 1804',
  ],
  ['Layla Haddad', '+971 56 777 8899', 'UAE', '', 'Dubai Marina', '', 'Marina Walk 5'],
];

const GOODS = [
  { sku: 'PH-CASE-01', nameEn: 'Phone case', nameCn: '手机壳', hsCode: '392690', price: '4.50' },
  { sku: 'HD-BT-02', nameEn: 'Bluetooth headphones', nameCn: '蓝牙耳机', hsCode: '851830', price: '18.90' },
  { sku: 'AB-DRS-03', nameEn: 'Abaya dress', nameCn: '长袍连衣裙', hsCode: '620442', price: '22.00' },
  { sku: 'KT-MUG-04', nameEn: 'Ceramic coffee mug', nameCn: '陶瓷咖啡杯', hsCode: '691200', price: '3.80' },
  { sku: 'WT-SMT-05', nameEn: 'Smart watch band', nameCn: '智能手表表带', hsCode: '911390', price: '6.20' },
  { sku: 'TY-BLK-06', nameEn: 'Building blocks toy', nameCn: '积木玩具', hsCode: '950300', price: '12.40' },
  { sku: 'PF-OUD-07', nameEn: 'Prayer mat', nameCn: '礼拜毯', hsCode: '570500', price: '9.90' },
];

const SENDER = {
  name: 'Demo Trading Warehouse',
  phone: '+86 755 2345 6789',
  company: 'Demo Trading',
  country: 'China',
  province: 'Guangdong',
  city: 'Shenzhen',
  address: "Bao'an, Fuhai Industrial Zone, Building 5",
  postcode: '518103',
};

const SHOPS: Record<OriginPlatform, string> = {
  AMAZON: 'Demo Official Store',
  NOON: 'Demo Gulf Shop',
  SALLA: 'متجر ديمو',
  ZID: 'Demo Home',
  SHOPIFY: 'demo-trading.example',
  OTHER: 'Direct sales',
};
const PLATFORMS: OriginPlatform[] = ['NOON', 'AMAZON', 'SALLA', 'ZID', 'SHOPIFY', 'NOON'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function platformNo(platform: OriginPlatform, i: number): string {
  switch (platform) {
    case 'AMAZON':
      return `405-${pad(7310000 + i * 37, 7)}-${pad(2200000 + i * 113, 7)}`;
    case 'NOON':
      return `NSA${pad(8800000000 + i * 7919, 10)}`;
    case 'SALLA':
      return String(310000000 + i * 1301);
    case 'ZID':
      return `ZD${pad(52000000 + i * 211, 8)}`;
    default:
      return `SH-${1001 + i}`;
  }
}

/**
 * What happens to demo origin order i: 0 uploaded (addresses confirmed, then pushed), 1 ready to
 * upload, 2 receiver confirmed, 3 pushed with the sender unconfirmed (a failed push record),
 * 4 and 5 as received. "KSA" and "UAE" do not match a region: those stay for an operator to choose.
 */
const stageOf = (i: number) => i % 6;

interface Seeded {
  id: number;
  stage: number;
}

/**
 * Three dozen origin orders of the demo customers from the platforms, over the last 40 days, in
 * every state of the foreign-order screens, made through the services the screens call (address
 * confirmation, upload), so the uploaded ones are regular orders with push and CITC records.
 * Idempotent: an origin order already there is left as it is.
 */
export async function seedOriginOrders(db: Db): Promise<void> {
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const custRows = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(inArray(customers.code, ['DEMO', 'OTHER']));
  const chanRows = await db
    .select({ id: shippingChannels.id, code: shippingChannels.code })
    .from(shippingChannels)
    .where(inArray(shippingChannels.code, ['CN-SA-AIR-COD', 'CN-AE-AIR']));
  const customerId = new Map(custRows.map((c) => [c.code, c.id]));
  const channelId = new Map(chanRows.map((c) => [c.code, c.id]));
  if (!admin || customerId.size < 2 || channelId.size < 2) return;

  const now = Date.now();
  const seeded: Seeded[] = [];
  for (let i = 0; i < 36; i++) {
    const toSa = i % 3 !== 2;
    const raw = toSa ? SA_RECEIVERS[i % SA_RECEIVERS.length]! : AE_RECEIVERS[i % AE_RECEIVERS.length]!;
    const platform = PLATFORMS[i % PLATFORMS.length]!;
    const other = i % 5 === 4;
    const cod = toSa && !other && i % 2 === 0;
    const lines = [GOODS[i % GOODS.length]!, ...(i % 4 === 0 ? [GOODS[(i + 3) % GOODS.length]!] : [])];
    const createdAt = new Date(now - (40 - i) * 86_400_000 - (i % 7) * 3_600_000);
    const [row] = await db
      .insert(originOrders)
      .values({
        platform,
        platformOrderNo: platformNo(platform, i),
        shopName: SHOPS[platform],
        customerId: customerId.get(other ? 'OTHER' : 'DEMO')!,
        channelId: channelId.get(toSa ? 'CN-SA-AIR-COD' : 'CN-AE-AIR')!,
        receiverName: raw[0],
        receiverPhone: raw[1],
        receiverCountry: raw[2],
        receiverProvince: raw[3],
        receiverCity: raw[4],
        receiverDistrict: raw[5],
        receiverAddress: raw[6],
        senderName: SENDER.name,
        senderPhone: SENDER.phone,
        senderCompany: SENDER.company,
        senderCountry: SENDER.country,
        senderProvince: SENDER.province,
        senderCity: SENDER.city,
        senderAddress: SENDER.address,
        senderPostcode: SENDER.postcode,
        weight: (0.3 + (i % 9) * 0.25).toFixed(3),
        packageCount: 1,
        isCod: cod,
        codAmount: cod ? (49 + (i % 8) * 15).toFixed(2) : '0',
        codCurrency: cod ? 'SAR' : '',
        buyerIdNo: i % 4 === 1 ? String(1_090_000_000 + i * 7) : '',
        declaredValue: i % 4 === 1 ? (20 + i).toFixed(2) : null,
        declaredCurrency: i % 4 === 1 ? 'USD' : '',
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: originOrders.id });
    if (!row) continue;
    await db.insert(originOrderGoods).values(
      lines.map((g, n) => ({
        originOrderId: row.id,
        lineNo: n + 1,
        sku: g.sku,
        nameEn: g.nameEn,
        nameCn: g.nameCn,
        quantity: 1 + ((i + n) % 3),
        hsCode: g.hsCode,
        unitPrice: g.price,
        currency: 'USD',
      })),
    );
    seeded.push({ id: row.id, stage: stageOf(i) });
  }
  if (!seeded.length) return;

  const user = seedCaller(admin, true);
  const t = translator('en');
  const ok = async (step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (err) {
      // An address the region list cannot read stays unconfirmed, as it would for an operator.
      if (!(err instanceof AppError)) throw err;
    }
  };
  for (const s of seeded) {
    if (s.stage <= 3) await ok(() => confirmReceiver(db, user, { id: s.id, address: undefined }, t, 'en'));
    if (s.stage <= 1) await ok(() => confirmSender(db, user, { id: s.id, address: undefined }, t, 'en'));
  }
  const push = seeded.filter((s) => s.stage === 0 || s.stage === 3).map((s) => s.id);
  const waiting = await db
    .select({ id: originOrders.id })
    .from(originOrders)
    .where(and(inArray(originOrders.id, push), eq(originOrders.uploadState, UploadState.notUploaded)));
  if (waiting.length)
    await ok(() =>
      uploadOrigins(
        db,
        undefined,
        user,
        waiting.map((w) => w.id),
        t,
        'en',
      ),
    );

  // Their CITC records as if reported before (the demo sets no CITC_REPORT_URL): the regulator took
  // the oldest with its reference and refused one; the newest two wait. Untouched once attempted.
  const citc = await db
    .select({ id: citcRecords.id })
    .from(citcRecords)
    .innerJoin(originOrders, eq(originOrders.id, citcRecords.originOrderId))
    .where(
      and(
        inArray(
          originOrders.id,
          seeded.map((s) => s.id),
        ),
        eq(citcRecords.status, CitcStatus.pending),
        eq(citcRecords.attempts, 0),
      ),
    )
    .orderBy(asc(originOrders.createdAt), asc(citcRecords.id));
  for (const [k, r] of citc.slice(0, -2).entries()) {
    const refused = k === 1;
    await db
      .update(citcRecords)
      .set({
        status: refused ? CitcStatus.rejected : CitcStatus.reported,
        referenceNo: refused ? '' : `CST-${2026_000_000 + r.id * 37}`,
        message: refused ? 'Consignee national address (short address) is missing' : '',
        attempts: 1,
        reportedAt: new Date(),
      })
      .where(eq(citcRecords.id, r.id));
  }
}
