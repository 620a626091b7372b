import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerOptions, customer as contract } from '../../../shared/contract/customer.ts';
import { AccountType, type Locale } from '../../../shared/domain/enums.ts';
import { customerMessages as m } from '../../../shared/i18n/customer-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { customerProfiles, customers } from '../../db/schema/index.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import {
  addCustomerRegion,
  listCustomerRegions,
  updateCustomerRegion,
} from '../region/customer-region.service.ts';
import { usableChannels } from './customer-channels.service.ts';

type OptionsInput = z.output<NonNullable<typeof contract.updateOptions.body>>;

/** The caller's customer: from the session, never from the request. */
function ownCustomer(user: AuthUser): number {
  const scope = customerScope(user);
  if (scope === null || scope < 0) throw notFound();
  return scope;
}

/** The customer's default address setting (its default sender), through the customer-region service. */
async function defaultAddress(db: Db, user: AuthUser, locale: Locale) {
  const { records } = await listCustomerRegions(db, user, locale, { pageNo: 1, pageSize: 1 });
  const first = records[0];
  return first?.isDefault ? first : null;
}

export async function getOptions(db: Db, user: AuthUser, locale: Locale): Promise<CustomerOptions> {
  const customerId = ownCustomer(user);
  const [row] = await db
    .select({ customer: customers, profile: customerProfiles })
    .from(customers)
    .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound();
  const channels = await usableChannels(db, customerId, locale);
  const defaultChannelId = row.profile?.defaultChannelId ?? null;
  return {
    customerId,
    customerCode: row.customer.code,
    customerName: row.customer.name,
    contact: row.profile?.contact ?? '',
    phone: row.profile?.phone ?? '',
    notifyEmail: row.profile?.notifyEmail ?? '',
    // A default channel that was disabled since is not offered, so it is not shown as the default.
    defaultChannelId: channels.some((c) => c.recId === defaultChannelId) ? defaultChannelId : null,
    sender: await defaultAddress(db, user, locale),
    channels,
    editable: user.type === AccountType.main,
    updatedAt: row.profile?.updatedAt.toISOString() ?? null,
  };
}

/**
 * The main account changes its customer's options: contact, notification e-mail, default channel
 * (one of its usable channels) and the default sender, which is kept as the customer's default
 * address setting (updated in place, or added when it has none).
 */
export async function updateOptions(
  db: Db,
  user: AuthUser,
  locale: Locale,
  input: OptionsInput,
): Promise<CustomerOptions> {
  const customerId = ownCustomer(user);
  if (input.defaultChannelId !== null) {
    const channels = await usableChannels(db, customerId, locale);
    if (!channels.some((c) => c.recId === input.defaultChannelId))
      throw invalid([{ path: 'defaultChannelId', descriptor: m.defaultChannelNotAllowed }]);
  }
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const audited = {
      contact: customerProfiles.contact,
      phone: customerProfiles.phone,
      notifyEmail: customerProfiles.notifyEmail,
      defaultChannelId: customerProfiles.defaultChannelId,
    };
    const [before] = await tx
      .select(audited)
      .from(customerProfiles)
      .where(eq(customerProfiles.customerId, customerId))
      .for('update');
    const values = {
      contact: input.contact,
      phone: input.phone,
      notifyEmail: input.notifyEmail,
      defaultChannelId: input.defaultChannelId,
      updatedAt: new Date(),
    };
    const [after] = await tx
      .insert(customerProfiles)
      .values({ customerId, ...values })
      .onConflictDoUpdate({ target: customerProfiles.customerId, set: values })
      .returning(audited);
    await recordChange(tx, {
      entity: 'customerOptions',
      recordId: customerId,
      action: 'update',
      before: before ?? { contact: '', phone: '', notifyEmail: '', defaultChannelId: null },
      after,
    });
    // The default sender is an address setting: the customer-region service logs it as one.
    if (input.sender) {
      const current = await defaultAddress(tx, user, locale);
      const address = { ...input.sender, isDefault: true };
      if (current) await updateCustomerRegion(tx, user, locale, { ...address, recId: current.recId });
      else await addCustomerRegion(tx, user, locale, address);
    }
  });
  return getOptions(db, user, locale);
}
