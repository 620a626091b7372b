import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { customerRegions, customers, regions } from '../../schema/index.ts';
import { REGION_TREE, type RegionSeed } from './region-data.ts';
import { seedSensitiveWords } from './sensitive-words.ts';

interface Flat {
  code: string;
  parentCode: string | null;
  level: number;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  postCode: string;
  sort: number;
}

function flatten(tree: RegionSeed[], parentCode: string | null, level: number, out: Flat[]): Flat[] {
  tree.forEach(([code, nameCn, nameEn, nameAr, postCode, children], i) => {
    out.push({ code, parentCode, level, nameCn, nameEn, nameAr, postCode: postCode ?? '', sort: i + 1 });
    if (children) flatten(children, code, level + 1, out);
  });
  return out;
}

/** Each demo customer's sender addresses (the first is its default), by region code. */
const CUSTOMER_ADDRESSES: Record<
  string,
  { region: string; contact: string; phone: string; address: string; postCode: string }[]
> = {
  DEMO: [
    {
      region: 'CN-GD-SZX-BA',
      contact: 'Li Wei',
      phone: '+86 138 0013 8000',
      address: 'Building 5, Fuhai Industrial Zone, Fuyong Street',
      postCode: '518103',
    },
    {
      region: 'CN-ZJ-YIW',
      contact: 'Chen Jing',
      phone: '+86 139 5790 1234',
      address: 'Yiwu International Trade City, District 2, Gate 7',
      postCode: '322000',
    },
  ],
  OTHER: [
    {
      region: 'CN-GD-CAN-BY',
      contact: 'Wang Fang',
      phone: '+86 135 6000 7788',
      address: 'No. 88 Airport Road, Renhe Town',
      postCode: '510470',
    },
  ],
};

/**
 * Demo regions (CN, SA, AE, KW, QA, BH, OM, EG with provinces, cities and some districts), the demo
 * customers' sender addresses and the customs sensitive words. Idempotent: adds what is missing.
 */
export async function seedRegions(db: Db): Promise<void> {
  const rows = flatten(REGION_TREE, null, 0, []);
  // Level by level, so every row finds its parent's id by code.
  for (let level = 0; level <= 3; level++) {
    const batch = rows.filter((r) => r.level === level);
    if (batch.length === 0) continue;
    await db
      .insert(regions)
      .values(
        batch.map((r) => ({
          code: r.code,
          parentId:
            r.parentCode === null ? null : sql<number>`(SELECT id FROM regions WHERE code = ${r.parentCode})`,
          level: r.level,
          nameCn: r.nameCn,
          nameEn: r.nameEn,
          nameAr: r.nameAr,
          postCode: r.postCode,
          sort: r.sort,
        })),
      )
      .onConflictDoNothing();
  }

  const wanted = Object.values(CUSTOMER_ADDRESSES).flatMap((list) => list.map((a) => a.region));
  const regionId = new Map(
    (
      await db
        .select({ id: regions.id, code: regions.code })
        .from(regions)
        .where(inArray(regions.code, wanted))
    ).map((r) => [r.code, r.id]),
  );
  for (const [code, addresses] of Object.entries(CUSTOMER_ADDRESSES)) {
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.code, code));
    if (!customer) continue;
    const [has] = await db
      .select({ id: customerRegions.id })
      .from(customerRegions)
      .where(eq(customerRegions.customerId, customer.id))
      .limit(1);
    if (has) continue;
    await db.insert(customerRegions).values(
      addresses.map((a, i) => ({
        customerId: customer.id,
        regionId: regionId.get(a.region)!,
        contact: a.contact,
        phone: a.phone,
        address: a.address,
        postCode: a.postCode,
        isDefault: i === 0 ? 1 : 0,
      })),
    );
  }

  await seedSensitiveWords(db);
}
