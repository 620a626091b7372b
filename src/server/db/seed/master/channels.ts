import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Enabled } from '../../../../shared/domain/enums.ts';
import { Segment, type ServiceType } from '../../../../shared/domain/segments.ts';
import type { Db } from '../../client.ts';
import { carriers, channelCarriers, channelPrices, regions, shippingChannels } from '../../schema/index.ts';

/** country, currency, first kg, first price, step kg, step price, COD fee % , minimum COD fee */
type Price = [country: string, currency: string, string, string, string, string, codPct: string, string];

interface SeedChannel {
  code: string;
  name: string;
  nameEn: string;
  serviceType: ServiceType;
  segments: number[];
  country: string | null;
  volumeDivisor: number;
  /** 1 clearance lading, 2 local lading */
  ladingType: number;
  status: number;
  remark: string;
  carriers: string[];
  prices: Price[];
}

const { delivery, full, firstLeg, clearance } = Segment;

export const SEED_CHANNELS: readonly SeedChannel[] = [
  {
    code: 'CN-SA-AIR-COD',
    name: '中国→沙特 空运快递 COD',
    nameEn: 'China→Saudi Arabia air express COD',
    serviceType: 3,
    segments: [firstLeg, clearance, delivery],
    country: 'SA',
    volumeDivisor: 6000,
    ladingType: 1,
    status: Enabled.enabled,
    remark: 'Daily flights CAN→RUH, cash on delivery',
    carriers: ['SMSA', 'NAQEL', 'JTSA'],
    prices: [['SA', 'CNY', '0.5', '38.00', '0.5', '16.00', '1.50', '5.00']],
  },
  {
    code: 'CN-AE-AIR',
    name: '中国→阿联酋 空运快递',
    nameEn: 'China→UAE air express',
    serviceType: 3,
    segments: [full],
    country: 'AE',
    volumeDivisor: 6000,
    ladingType: 1,
    status: Enabled.enabled,
    remark: 'Door to door with Aramex',
    carriers: ['ARAMEX', 'IMILE'],
    prices: [['AE', 'CNY', '0.5', '35.00', '0.5', '14.00', '1.20', '4.00']],
  },
  {
    code: 'CN-GCC-AIR',
    name: '中国→科威特/卡塔尔/巴林/阿曼 空运专线',
    nameEn: 'China→Kuwait/Qatar/Bahrain/Oman air line',
    serviceType: 3,
    segments: [firstLeg, clearance, delivery],
    country: null,
    volumeDivisor: 6000,
    ladingType: 1,
    status: Enabled.enabled,
    remark: 'Consolidated via DXB; postal last mile in QA, BH and OM',
    carriers: ['ZAJIL', 'QPOST', 'BHPOST', 'OMPOST', 'ARAMEX'],
    prices: [
      ['KW', 'CNY', '0.5', '42.00', '0.5', '18.00', '2.00', '6.00'],
      ['QA', 'CNY', '0.5', '45.00', '0.5', '19.00', '2.00', '6.00'],
      ['BH', 'CNY', '0.5', '44.00', '0.5', '18.50', '2.00', '6.00'],
      ['OM', 'CNY', '0.5', '46.00', '0.5', '20.00', '2.00', '6.00'],
    ],
  },
  {
    code: 'CN-SA-SEA',
    name: '中国→沙特/阿联酋 海运专线',
    nameEn: 'China→Saudi Arabia/UAE sea freight',
    serviceType: 3,
    segments: [firstLeg, clearance, delivery],
    country: 'SA',
    volumeDivisor: 5000,
    ladingType: 1,
    status: Enabled.enabled,
    remark: 'Shenzhen (Yantian)→Dammam, about 25 days; bulky goods',
    carriers: ['NAQEL', 'SMSA'],
    prices: [
      ['SA', 'CNY', '10', '120.00', '1', '8.00', '1.50', '5.00'],
      ['AE', 'CNY', '10', '110.00', '1', '7.50', '1.50', '5.00'],
    ],
  },
  {
    code: 'CN-AE-AIR-FL',
    name: '中国→迪拜 空运头程+清关',
    nameEn: 'China→Dubai air first leg and clearance',
    serviceType: 4,
    segments: [firstLeg, clearance],
    country: 'AE',
    volumeDivisor: 6000,
    ladingType: 1,
    status: Enabled.enabled,
    remark: 'Line haul to DXB; the customer books its own last mile',
    carriers: ['SF', 'YUN'],
    prices: [['AE', 'CNY', '1', '28.00', '1', '26.00', '0', '0']],
  },
  {
    code: 'SA-LOCAL-COD',
    name: '沙特本地派送 COD',
    nameEn: 'Saudi Arabia local delivery COD',
    serviceType: 2,
    segments: [delivery],
    country: 'SA',
    volumeDivisor: 6000,
    ladingType: 2,
    status: Enabled.enabled,
    remark: 'From the Riyadh hub',
    carriers: ['SMSA', 'JTSA', 'NAQEL'],
    prices: [['SA', 'SAR', '1', '18.00', '1', '3.00', '1.00', '2.00']],
  },
  {
    code: 'EG-LOCAL',
    name: '埃及本地派送',
    nameEn: 'Egypt delivery',
    serviceType: 2,
    segments: [delivery],
    country: 'EG',
    volumeDivisor: 6000,
    ladingType: 2,
    status: Enabled.enabled,
    remark: 'Cairo and Giza next day, other governorates 2-4 days',
    carriers: ['BOSTA'],
    prices: [['EG', 'EGP', '1', '45.00', '1', '10.00', '1.00', '5.00']],
  },
  {
    code: 'CN-DXB-OM',
    name: '中国→迪拜中转→阿曼',
    nameEn: 'China→Oman via Dubai transit',
    serviceType: 6,
    segments: [firstLeg, clearance, delivery],
    country: 'OM',
    volumeDivisor: 6000,
    ladingType: 1,
    status: Enabled.disabled,
    remark: 'Suspended while the Oman Post contract is renewed',
    carriers: ['ARAMEX', 'OMPOST'],
    prices: [['OM', 'CNY', '0.5', '48.00', '0.5', '21.00', '2.00', '6.00']],
  },
];

/** "1.50" % → "0.0150", the stored fraction. */
const fraction = (percent: string) => (Number(percent) / 100).toFixed(4);

/**
 * Demo shipping channels with their carriers and price rules. Idempotent: adds what is missing
 * (channels by code, carriers and rules per channel); carriers or countries not seeded are left out.
 */
export async function seedChannels(db: Db): Promise<void> {
  const countryCodes = [
    ...new Set(
      SEED_CHANNELS.flatMap((c) => [...(c.country ? [c.country] : []), ...c.prices.map((p) => p[0])]),
    ),
  ];
  const countryRows = await db
    .select({ id: regions.id, code: regions.code, level: regions.level })
    .from(regions)
    .where(inArray(regions.code, countryCodes));
  const countryId = (code: string) => countryRows.find((r) => r.code === code && r.level === 0)?.id;
  const carrierRows = await db
    .select({ id: carriers.id, code: carriers.code })
    .from(carriers)
    .where(inArray(carriers.code, [...new Set(SEED_CHANNELS.flatMap((c) => c.carriers))]));
  const carrierId = new Map(carrierRows.map((c) => [c.code, c.id]));

  await db
    .insert(shippingChannels)
    .values(
      SEED_CHANNELS.map((c) => ({
        code: c.code,
        name: c.name,
        nameEn: c.nameEn,
        serviceType: c.serviceType,
        segments: c.segments,
        countryId: c.country ? (countryId(c.country) ?? null) : null,
        volumeDivisor: c.volumeDivisor,
        ladingType: c.ladingType,
        status: c.status,
        remark: c.remark,
      })),
    )
    .onConflictDoNothing();
  const channelRows = await db
    .select({ id: shippingChannels.id, code: shippingChannels.code })
    .from(shippingChannels)
    .where(
      inArray(
        shippingChannels.code,
        SEED_CHANNELS.map((c) => c.code),
      ),
    );
  const channelId = new Map(channelRows.map((c) => [c.code, c.id]));
  // Countries seeded after the channels (a later run) are filled in where none is set.
  for (const c of SEED_CHANNELS) {
    const country = c.country ? countryId(c.country) : undefined;
    if (country !== undefined)
      await db
        .update(shippingChannels)
        .set({ countryId: country })
        .where(and(eq(shippingChannels.code, c.code), isNull(shippingChannels.countryId)));
  }

  const links = SEED_CHANNELS.flatMap((c) =>
    c.carriers.flatMap((code, i) => {
      const carrier = carrierId.get(code);
      return carrier === undefined
        ? []
        : [{ channelId: channelId.get(c.code)!, carrierId: carrier, sort: (i + 1) * 10 }];
    }),
  );
  if (links.length) await db.insert(channelCarriers).values(links).onConflictDoNothing();

  const prices = SEED_CHANNELS.flatMap((c) =>
    c.prices.flatMap(
      ([country, currency, firstWeight, firstPrice, stepWeight, stepPrice, codPct, minCodFee]) => {
        const id = countryId(country);
        return id === undefined
          ? []
          : [
              {
                channelId: channelId.get(c.code)!,
                countryId: id,
                currency,
                firstWeight,
                firstPrice,
                stepWeight,
                stepPrice,
                codFeeRate: fraction(codPct),
                minCodFee,
              },
            ];
      },
    ),
  );
  if (prices.length) await db.insert(channelPrices).values(prices).onConflictDoNothing();
}
