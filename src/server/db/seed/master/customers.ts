import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CustomerProperties } from '../../../../shared/domain/customer.ts';
import { Enabled } from '../../../../shared/domain/enums.ts';
import type { Db } from '../../client.ts';
import {
  customerChannels,
  customerProfiles,
  customerProperties,
  customers,
  regions,
  shippingChannels,
  signingCompanies,
} from '../../schema/index.ts';

/** Our contracting entities: the Chinese origin company and the Gulf companies. */
const SIGNING_COMPANIES = [
  '深圳湾联国际物流有限公司',
  'Gulf Link Logistics FZE (Dubai)',
  'Gulf Link Express Co. (Riyadh)',
];

interface SeedCustomer {
  shortName: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  signingCompany: string;
  notifyEmail: string;
  remark: string;
  properties: Partial<Record<keyof CustomerProperties, string>>;
  /** Destination countries whose channels it may use; empty: every channel. */
  countries: string[];
  /** The channel it orders with by default, when the channel seed made it (else its first). */
  defaultChannel: string;
}

/** Profiles of the demo customers that seedDemo creates (by code). */
const CUSTOMERS: Record<string, SeedCustomer> = {
  DEMO: {
    shortName: 'Demo',
    contact: 'Li Wei',
    phone: '+86 138 0013 8000',
    email: 'logistics@demo-trading.example',
    address: 'Building 5, Fuhai Industrial Zone, Fuyong Street, Bao’an, Shenzhen',
    signingCompany: SIGNING_COMPANIES[0]!,
    notifyEmail: 'ops@demo-trading.example',
    remark: 'E-commerce seller shipping to the Gulf, COD',
    properties: {
      settlementCurrency: 'CNY',
      codAllowed: 'true',
      creditLimit: '50000.00',
      settlementCycle: 'monthly',
      labelFormat: '100x150',
    },
    countries: [],
    defaultChannel: 'CN-SA-AIR-COD',
  },
  OTHER: {
    shortName: 'Other',
    contact: 'Omar Haddad',
    phone: '+971 4 555 0100',
    email: 'shipping@other-co.example',
    address: 'Warehouse 12, Al Quoz Industrial Area 3, Dubai',
    signingCompany: SIGNING_COMPANIES[1]!,
    notifyEmail: 'shipping@other-co.example',
    remark: 'Prepaid only',
    properties: {
      settlementCurrency: 'AED',
      codAllowed: 'false',
      settlementCycle: 'weekly',
      labelFormat: '100x100',
    },
    countries: ['AE', 'SA'],
    defaultChannel: 'CN-AE-AIR',
  },
};

/**
 * The demo customers' signing companies, profiles, properties and channels. Idempotent: adds what
 * is missing and leaves what someone changed. Channels come from the channel seed, looked up at
 * seed time: a customer with no channel yet gets those to its countries (or every one).
 */
export async function seedCustomers(db: Db): Promise<void> {
  await db
    .insert(signingCompanies)
    .values(SIGNING_COMPANIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const companyId = new Map(
    (await db.select({ id: signingCompanies.id, name: signingCompanies.name }).from(signingCompanies)).map(
      (c) => [c.name, c.id],
    ),
  );
  const found = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(inArray(customers.code, Object.keys(CUSTOMERS)));

  for (const { id: customerId, code } of found) {
    const c = CUSTOMERS[code]!;
    await db
      .insert(customerProfiles)
      .values({
        customerId,
        shortName: c.shortName,
        contact: c.contact,
        phone: c.phone,
        email: c.email,
        address: c.address,
        signingCompanyId: companyId.get(c.signingCompany) ?? null,
        notifyEmail: c.notifyEmail,
        remark: c.remark,
      })
      .onConflictDoNothing();
    await db
      .insert(customerProperties)
      .values(Object.entries(c.properties).map(([key, value]) => ({ customerId, key, value })))
      .onConflictDoNothing();
    await seedChannelsOf(db, customerId, c);
  }
}

async function seedChannelsOf(db: Db, customerId: number, c: SeedCustomer): Promise<void> {
  const { countries } = c;
  const [assigned] = await db
    .select({ id: customerChannels.channelId })
    .from(customerChannels)
    .where(eq(customerChannels.customerId, customerId))
    .limit(1);
  if (!assigned) {
    const channels = await db
      .select({ id: shippingChannels.id })
      .from(shippingChannels)
      .leftJoin(regions, eq(regions.id, shippingChannels.countryId))
      .where(countries.length ? inArray(regions.code, countries) : undefined);
    if (channels.length)
      await db
        .insert(customerChannels)
        .values(channels.map((ch) => ({ customerId, channelId: ch.id })))
        .onConflictDoNothing();
  }
  // Its preferred (else first) enabled channel becomes its default, when it has none.
  const [first] = await db
    .select({ id: shippingChannels.id })
    .from(customerChannels)
    .innerJoin(shippingChannels, eq(shippingChannels.id, customerChannels.channelId))
    .where(and(eq(customerChannels.customerId, customerId), eq(shippingChannels.status, Enabled.enabled)))
    .orderBy(desc(eq(shippingChannels.code, c.defaultChannel)), asc(shippingChannels.code))
    .limit(1);
  if (first)
    await db
      .update(customerProfiles)
      .set({ defaultChannelId: first.id })
      .where(and(eq(customerProfiles.customerId, customerId), isNull(customerProfiles.defaultChannelId)));
}
