import type { Locale } from './enums.ts';
import { isHeldByIntercept } from './order-rules.ts';
import { OrderStatus } from './order-status.ts';

/**
 * The one rule of an order scanned into an order-type lading bill (spec 5), run by the server on
 * every scan and by the PDA on its local snapshot before it queues one (issue 40): plain code, no
 * schema or database, so the PDA imports it without the contract. It answers the first refusal in
 * the server's order, with what its message names (the caller writes the message: the server from
 * its catalogue and database names, the PDA from the same descriptors and the snapshot's names).
 */

/** What the rule reads of the bill. */
export interface RuleBill {
  channelId: number | null;
  /** null: the bill takes every country. */
  countryId: number | null;
}

/** What the rule reads of the scanned order. */
export interface RuleOrder {
  status: number;
  interceptState: number;
  channelId: number | null;
  consigneeCountryId: number | null;
  /** The live package holding the order (null: none). */
  inPackage: string | null;
  /**
   * The live lading bill holding the order (null: none; undefined: not known here, the server
   * looks it up when it needs it).
   */
  inLading?: string | null | undefined;
}

export type LadingVerdict =
  | { reason: 'unknown' }
  | { reason: 'cancelled' }
  | { reason: 'intercepted' }
  | { reason: 'notReceived' }
  | { reason: 'wrongStatus'; status: number }
  | { reason: 'wrongChannel'; channelId: number | null; billChannelId: number | null }
  | { reason: 'wrongCountry'; countryId: number | null; billCountryId: number | null }
  | { reason: 'inPackage'; packageNo: string }
  /** In lading already: in another live bill (`billNo`), or, with no bill known, not movable. */
  | { reason: 'alreadyAdded'; billNo: string | null };

export type LadingRefusal = LadingVerdict['reason'];

/** Why an order may not move on at all (cancelled, held by an interception), or null. */
export function heldReason(
  o: Pick<RuleOrder, 'status' | 'interceptState'>,
): 'cancelled' | 'intercepted' | null {
  if (o.status === OrderStatus.cancelled) return 'cancelled';
  if (isHeldByIntercept(o.interceptState)) return 'intercepted';
  return null;
}

/**
 * The order's checks, in the server's order: it exists; it is not cancelled or intercepted; it was
 * received (or is in lading); it ships with the bill's channel and goes to its country; it is in no
 * live package. Null: the order may go in, as far as these checks go (it may still be in another
 * bill: ladingHolderVerdict).
 */
export function ladingOrderVerdict(bill: RuleBill, o: RuleOrder | undefined): LadingVerdict | null {
  if (!o) return { reason: 'unknown' };
  const held = heldReason(o);
  if (held) return { reason: held };
  if (o.status === OrderStatus.created) return { reason: 'notReceived' };
  if (o.status !== OrderStatus.received && o.status !== OrderStatus.inLading)
    return { reason: 'wrongStatus', status: o.status };
  if (o.channelId !== bill.channelId)
    return { reason: 'wrongChannel', channelId: o.channelId, billChannelId: bill.channelId };
  if (bill.countryId !== null && o.consigneeCountryId !== bill.countryId)
    return { reason: 'wrongCountry', countryId: o.consigneeCountryId, billCountryId: bill.countryId };
  if (o.inPackage !== null) return { reason: 'inPackage', packageNo: o.inPackage };
  return null;
}

/**
 * After the order's checks: an order in lading already is in a live bill; scanned into another
 * one it is refused as "already added" naming that bill. Null: received, it may go in.
 */
export function ladingHolderVerdict(o: Pick<RuleOrder, 'status' | 'inLading'>): LadingVerdict | null {
  if (o.status !== OrderStatus.inLading) return null;
  return { reason: 'alreadyAdded', billNo: o.inLading ?? null };
}

/** Both, as the device judges a scan from its snapshot (the server runs them around its locks). */
export function ladingScanVerdict(bill: RuleBill, o: RuleOrder | undefined): LadingVerdict | null {
  return ladingOrderVerdict(bill, o) ?? (o ? ladingHolderVerdict(o) : null);
}

/** A channel as a refusal names it: its code and its name in the language (the carrier's rule). */
export function channelLabelOf(c: { code: string; name: string; nameEn: string }, locale: Locale): string {
  return `${c.code} ${locale === 'cn' ? c.name : c.nameEn || c.name}`;
}

/** A country (region) as a refusal names it, in the language, else in another one it has. */
export function regionNameOf(r: { nameCn: string; nameEn: string; nameAr: string }, locale: Locale): string {
  if (locale === 'cn') return r.nameCn || r.nameEn;
  if (locale === 'ar') return r.nameAr || r.nameEn || r.nameCn;
  return r.nameEn || r.nameCn;
}
