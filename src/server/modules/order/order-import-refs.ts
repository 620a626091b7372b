import { and, eq, sql } from 'drizzle-orm';
import type { ChannelLimits, CurrencyLimit } from '../../../shared/domain/channel-limits.ts';
import { decodeProperty } from '../../../shared/domain/customer.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { DEFAULT_VOLUME_DIVISOR } from '../../../shared/domain/order-fees.ts';
import type { Db } from '../../db/client.ts';
import { customerProperties, customerRegions } from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';

/**
 * What the order importer checks rows against, read once per file (a file may hold 100,000
 * orders): the channels with the customer's assignments, priced destinations and limits, the
 * enabled region tree, the customer's COD permission, volume divisor and default sender.
 */

export interface RegionRef {
  id: number;
  parentId: number | null;
  level: number;
  code: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
}

export interface ChannelRef {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  enabled: boolean;
  countryId: number | null;
  assigned: boolean;
  /** Destinations with a price rule. */
  pricedCountries: number[];
  /** cm³ per kg for the customer's orders on this channel (the customer's, else the channel's). */
  divisor: number;
  /** Its plausibility limits (channel-limits.ts). */
  limits: ChannelLimits;
}

export interface SenderRef {
  name: string;
  phone: string;
  company: string;
  regionId: number | null;
  address: string;
  postcode: string;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The enabled regions, findable by code, by the code's last part, or by any of their three names. */
export class RegionIndex {
  private readonly children = new Map<number, Map<string, RegionRef>>();
  private readonly hasChildren = new Set<number>();
  private readonly byId: Map<number, RegionRef>;

  constructor(rows: readonly RegionRef[]) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    this.byId = byId;
    for (const r of rows) {
      const parent = r.parentId === null ? undefined : byId.get(r.parentId);
      // Under a disabled (so unloaded) parent a region is out of reach, as in the selectors.
      if (r.parentId !== null && !parent) continue;
      if (parent) this.hasChildren.add(parent.id);
      const key = parent?.id ?? 0;
      const names = this.children.get(key) ?? new Map<string, RegionRef>();
      this.children.set(key, names);
      const suffix =
        parent && r.code.startsWith(`${parent.code}-`) ? r.code.slice(parent.code.length + 1) : '';
      for (const name of [r.code, suffix, r.nameEn, r.nameCn, r.nameAr]) {
        const k = norm(name);
        if (k && !names.has(k)) names.set(k, r);
      }
    }
  }

  /** A country (parent null) or a region under `parent`, by name or code. */
  find(parent: RegionRef | null, text: string): RegionRef | undefined {
    const names = this.children.get(parent?.id ?? 0);
    const found = names?.get(norm(text));
    return found && (parent !== null || found.level === 0) ? found : undefined;
  }

  /** Whether the region has enabled regions under it (an address must then go deeper). */
  opens(region: RegionRef): boolean {
    return this.hasChildren.has(region.id);
  }

  /** The region and every region above it are enabled (order/create's check of a sender region). */
  available(id: number): boolean {
    for (let r = this.byId.get(id); r; r = r.parentId === null ? undefined : this.byId.get(r.parentId))
      if (r.parentId === null) return true;
    return false;
  }

  /**
   * Region ids as order/create takes a consignee's (country first): one chain of enabled regions,
   * each under the one before, down to the city or to the deepest level the tree has there.
   */
  chain(ids: readonly number[]): RegionRef[] | null {
    const chain: RegionRef[] = [];
    for (const id of ids) {
      const r = this.byId.get(id);
      const parent = chain[chain.length - 1];
      if (!r || (parent ? r.parentId !== parent.id : r.parentId !== null || r.level !== 0)) return null;
      chain.push(r);
    }
    const last = chain[chain.length - 1];
    return last && (last.level >= 2 || !this.opens(last)) ? chain : null;
  }
}

export const regionLabel = (r: RegionRef, locale: Locale) => localName(r, locale);

export interface ImportRefs {
  channels: ChannelRef[];
  regions: RegionIndex;
  codAllowed: boolean;
  sender: SenderRef | null;
}

export async function loadImportRefs(db: Db, customerId: number): Promise<ImportRefs> {
  const [channelRows, regionRows, props, senderRows] = await Promise.all([
    db.execute<{
      id: number;
      code: string;
      name: string;
      name_en: string;
      status: number;
      country_id: number | null;
      volume_divisor: number | null;
      assigned: boolean;
      priced: number[] | null;
      max_weight: string | null;
      currency_limits: CurrencyLimit[];
    }>(sql`
      SELECT ch.id, ch.code, ch.name, ch.name_en, ch.status, ch.country_id, ch.volume_divisor,
        ch.max_weight, ch.currency_limits,
        EXISTS (SELECT 1 FROM customer_channels cc
                WHERE cc.customer_id = ${customerId} AND cc.channel_id = ch.id) AS assigned,
        (SELECT array_agg(p.country_id) FROM channel_prices p WHERE p.channel_id = ch.id) AS priced
      FROM shipping_channels ch`),
    db.execute<{
      id: number;
      parent_id: number | null;
      level: number;
      code: string;
      name_cn: string;
      name_en: string;
      name_ar: string;
    }>(sql`SELECT id, parent_id, level, code, name_cn, name_en, name_ar FROM regions
           WHERE status = ${Enabled.enabled} ORDER BY level, sort, id`),
    db
      .select({ key: customerProperties.key, value: customerProperties.value })
      .from(customerProperties)
      .where(eq(customerProperties.customerId, customerId)),
    db
      .select()
      .from(customerRegions)
      .where(and(eq(customerRegions.customerId, customerId), eq(customerRegions.isDefault, 1)))
      .limit(1),
  ]);
  const prop = (key: string) => props.find((p) => p.key === key)?.value ?? null;
  const customerDivisor = decodeProperty('volumeDivisor', prop('volumeDivisor'));
  const s = senderRows[0];
  return {
    channels: channelRows.rows.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      nameEn: c.name_en,
      enabled: c.status === Enabled.enabled,
      countryId: c.country_id,
      assigned: c.assigned,
      pricedCountries: c.priced ?? [],
      divisor: customerDivisor ?? c.volume_divisor ?? DEFAULT_VOLUME_DIVISOR,
      limits: { maxWeight: c.max_weight, currencyLimits: c.currency_limits },
    })),
    regions: new RegionIndex(
      regionRows.rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        level: r.level,
        code: r.code,
        nameCn: r.name_cn,
        nameEn: r.name_en,
        nameAr: r.name_ar,
      })),
    ),
    codAllowed: decodeProperty('codAllowed', prop('codAllowed')),
    sender: s
      ? {
          name: s.contact,
          phone: s.phone,
          company: '',
          regionId: s.regionId,
          address: s.address,
          postcode: s.postCode,
        }
      : null,
  };
}

/** A channel by its code (any case) or its Chinese or English name. */
export function findChannel(channels: readonly ChannelRef[], text: string): ChannelRef | undefined {
  const k = norm(text);
  return (
    channels.find((c) => c.code.toLowerCase() === k) ??
    channels.find((c) => norm(c.name) === k || (c.nameEn !== '' && norm(c.nameEn) === k))
  );
}

/**
 * order/create's rule for a channel and a destination: a channel serves its own country, any
 * country it has a price rule for, and (with no rule at all) every country.
 */
export function channelServes(channel: ChannelRef, countryId: number): boolean {
  return (
    channel.countryId === countryId ||
    channel.pricedCountries.length === 0 ||
    channel.pricedCountries.includes(countryId)
  );
}
