import { inArray } from 'drizzle-orm';
import type { AnalysisGroup } from '../../../shared/domain/analysis.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { analysisMessages as m } from '../../../shared/i18n/analysis-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, customers, regions, shippingChannels } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';

export interface GroupName {
  code: string;
  name: string;
}

export type Named = 'customer' | 'channel' | 'country' | 'carrier' | 'status';

const ids = (keys: readonly string[]) => keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The codes and names of the groups a figure is keyed by (ids as text, or statuses), in the caller's
 * language, read once per answer for the keys it holds.
 */
export async function namesOf(
  db: Db,
  kind: Named,
  keys: readonly string[],
  t: Translate,
  locale: Locale,
): Promise<Map<string, GroupName>> {
  const out = new Map<string, GroupName>();
  const wanted = ids(keys);
  if (kind === 'status') for (const k of keys) out.set(k, { code: k, name: statusName(t, Number(k)) });
  else if (wanted.length === 0) return out;
  else if (kind === 'customer')
    for (const c of await db
      .select({ id: customers.id, code: customers.code, name: customers.name })
      .from(customers)
      .where(inArray(customers.id, wanted)))
      out.set(String(c.id), { code: c.code, name: c.name });
  else if (kind === 'channel')
    for (const c of await db
      .select({
        id: shippingChannels.id,
        code: shippingChannels.code,
        name: shippingChannels.name,
        nameEn: shippingChannels.nameEn,
      })
      .from(shippingChannels)
      .where(inArray(shippingChannels.id, wanted)))
      out.set(String(c.id), { code: c.code, name: locale === 'cn' ? c.name : c.nameEn || c.name });
  else if (kind === 'country')
    for (const r of await db
      .select({
        id: regions.id,
        code: regions.code,
        nameCn: regions.nameCn,
        nameEn: regions.nameEn,
        nameAr: regions.nameAr,
      })
      .from(regions)
      .where(inArray(regions.id, wanted)))
      out.set(String(r.id), { code: r.code, name: localName(r, locale) });
  else
    for (const c of await db
      .select({ id: carriers.id, code: carriers.code, name: carriers.name, nameEn: carriers.nameEn })
      .from(carriers)
      .where(inArray(carriers.id, wanted)))
      out.set(String(c.id), { code: c.code, name: carrierName(c, locale) });
  return out;
}

/** The name of a group key: a looked-up group, the others, the whole business, or no carrier yet. */
export function nameOf(
  names: Map<string, GroupName>,
  key: string,
  t: Translate,
  group?: AnalysisGroup,
): GroupName {
  const found = names.get(key);
  if (found) return found;
  if (key === 'others') return { code: '', name: t(m.others) };
  if (key === 'all' || group === 'none') return { code: '', name: t(m.allOrders) };
  if (key === '') return { code: '', name: t(m.noCarrier) };
  return { code: key, name: key };
}
