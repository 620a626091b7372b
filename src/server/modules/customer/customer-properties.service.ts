import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  CustomerPropertyInput,
  CustomerProperties as PropertiesAnswer,
} from '../../../shared/contract/customer.ts';
import {
  type CustomerProperties,
  decodeProperty,
  PROPERTY_DEFAULTS,
  PROPERTY_KEYS,
  type PropertyKey,
} from '../../../shared/domain/customer.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { customerProperties, customers } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

const encode = (value: string | number | boolean | null): string | null =>
  value === null ? null : String(value);

/** The values of the given properties as they read now (a property without a row reads as its default). */
async function valuesOf(db: Db, customerId: number, keys: PropertyKey[]) {
  const stored = new Map(
    (
      await db
        .select({ key: customerProperties.key, value: customerProperties.value })
        .from(customerProperties)
        .where(and(eq(customerProperties.customerId, customerId), inArray(customerProperties.key, keys)))
    ).map((r) => [r.key, r.value]),
  );
  return Object.fromEntries(keys.map((k) => [k, decodeProperty(k, stored.get(k) ?? null)]));
}

/**
 * Sets the given properties of a customer (one row per key); null deletes the row, so the
 * property reads as its default again. Keys not given stay as they are. The values that changed
 * go to the audit log.
 */
export async function writeProperties(db: Db, customerId: number, input: CustomerPropertyInput) {
  const given = PROPERTY_KEYS.filter((k) => input[k] !== undefined);
  if (!given.length) return;
  const before = await valuesOf(db, customerId, given);
  const cleared = given.filter((k) => input[k] === null);
  const now = new Date();
  const rows = given
    .filter((k) => input[k] !== null)
    .map((key) => ({ customerId, key, value: encode(input[key] ?? null)!, updatedAt: now }));
  if (cleared.length)
    await db
      .delete(customerProperties)
      .where(and(eq(customerProperties.customerId, customerId), inArray(customerProperties.key, cleared)));
  if (rows.length)
    await db
      .insert(customerProperties)
      .values(rows)
      .onConflictDoUpdate({
        target: [customerProperties.customerId, customerProperties.key],
        set: { value: sql`excluded.value`, updatedAt: now },
      });
  await recordChange(db, {
    entity: 'customerProperties',
    recordId: customerId,
    action: 'update',
    before,
    after: await valuesOf(db, customerId, given),
  });
}

export async function readProperties(db: Db, customerId: number): Promise<PropertiesAnswer> {
  const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!found) throw notFound();
  const stored = new Map(
    (await db.select().from(customerProperties).where(eq(customerProperties.customerId, customerId))).map(
      (r) => [r.key, r],
    ),
  );
  const values = Object.fromEntries(
    PROPERTY_KEYS.map((k) => [k, decodeProperty(k, stored.get(k)?.value ?? null)]),
  ) as unknown as CustomerProperties;
  return {
    customerId,
    values,
    items: PROPERTY_KEYS.map((key) => {
      const row = stored.get(key);
      return {
        key,
        value: row?.value ?? null,
        defaultValue: encode(PROPERTY_DEFAULTS[key]),
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    }),
  };
}

export async function editProperties(
  db: Db,
  customerId: number,
  input: CustomerPropertyInput,
): Promise<PropertiesAnswer> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!found) throw notFound();
    await writeProperties(tx as unknown as Db, customerId, input);
  });
  return readProperties(db, customerId);
}
