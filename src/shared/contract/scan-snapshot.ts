import { z } from 'zod';

/**
 * The PDA's scan snapshot (issue 40): what the lading scan rule (domain/scan-rule.ts) reads, so a
 * scanner judges a scan on the device, offline too. Fetched in pages, then as the changes since the
 * last fetch (`cursor`): never whole each time.
 */

/** A snapshot page's largest size, and its default. */
export const SNAPSHOT_PAGE_MAX = 5_000;
export const SNAPSHOT_PAGE_DEFAULT = 2_000;

export const scanSnapshotBody = z
  .object({
    /** The `next` of the previous answer; none: a whole fetch from the start. */
    cursor: z.string().max(300).optional(),
    pageSize: z.coerce.number().int().min(1).max(SNAPSHOT_PAGE_MAX).default(SNAPSHOT_PAGE_DEFAULT),
  })
  .strict();

/**
 * One order, as a tuple (20,000 of them are a few hundred kB): tracking no, status, interception
 * state, channel id, consignee country id, the live package and the live lading bill holding it.
 */
export const snapshotRow = z.tuple([
  z.string(),
  z.number().int(),
  z.number().int(),
  z.number().int().nullable(),
  z.number().int().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);

export const scanSnapshot = z.object({
  /** A whole fetch (the device replaces what it had once its last page came), or changes. */
  full: z.boolean(),
  rows: z.array(snapshotRow),
  /** More pages of this fetch follow (`next` asks for the next one). */
  more: z.boolean(),
  /** The cursor of the next page, or, after the last page, of the changes since this fetch. */
  next: z.string(),
  /** When the server read it (UTC ISO): the age the PDA shows. */
  asOf: z.string(),
  /**
   * On a fetch's first page: the open lading bills (what the rule reads of them), the channels and
   * countries by id (what a refusal names).
   */
  bills: z
    .array(
      z.object({
        id: z.number().int(),
        no: z.string(),
        channelId: z.number().int().nullable(),
        countryId: z.number().int().nullable(),
        orderType: z.number().int(),
      }),
    )
    .optional(),
  channels: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.string()])).optional(),
  countries: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.string()])).optional(),
});
export type ScanSnapshot = z.infer<typeof scanSnapshot>;
export type SnapshotRow = z.infer<typeof snapshotRow>;
