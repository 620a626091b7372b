import Dexie, { type EntityTable } from 'dexie';
import type { ScanSnapshot } from '../../../shared/contract/scan-snapshot.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { LadingOrderType } from '../../../shared/domain/lading.ts';
import { channelLabelOf, ladingScanVerdict, regionNameOf } from '../../../shared/domain/scan-rule.ts';
import { isolate as isolated } from '../../../shared/i18n/bidi.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { scanMessages as m } from '../../../shared/i18n/scan-messages.ts';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { wire } from '../../api/wire-endpoints.ts';
import { i18n } from '../../i18n.ts';
import { getSession } from '../../session/store.ts';

/**
 * The scan snapshot (issue 40): what the lading scan rule (domain/scan-rule.ts, the server's own)
 * reads, kept in IndexedDB, so a scan into a lading bill is judged on the device, offline too.
 * Fetched whole once (in pages, resumed where it stopped), then as the changes since the last
 * fetch. The server stays the judge: a scan the snapshot cannot decide is queued as before, and
 * one it lets through is queued marked so (`snapshot: 'accept'`): a refusal of it by the server is
 * a disagreement, which the screen counts.
 */

/** One order: tracking no, status, interception, channel, country, live package and lading bill. */
export interface SnapshotOrder {
  n: string;
  s: number;
  i: number;
  c: number | null;
  k: number | null;
  p: string | null;
  l: string | null;
}

type Reference = Required<Pick<ScanSnapshot, 'bills' | 'channels' | 'countries'>>;

export interface SnapshotMeta {
  key: 'state';
  userId: number;
  /** The cursor of the next request (a page of a fetch under way, or the changes since the last). */
  cursor: string;
  /** A whole fetch ended (the orders are all there); false while the first one is under way. */
  complete: boolean;
  /** The server's time of the last fetch that ended (ISO). */
  asOf: string | null;
  /** The device's time it ended (epoch ms): the age the screen shows. */
  fetchedAt: number | null;
  reference: Reference | null;
}

export class SnapshotDb extends Dexie {
  orders!: EntityTable<SnapshotOrder, 'n'>;
  meta!: EntityTable<SnapshotMeta, 'key'>;
  /** The meta as last read or written: a scan does not wait for IndexedDB to read it. */
  cached: SnapshotMeta | undefined;
  /**
   * The orders held in memory once read (`keepInMemory`), kept up to date with this tab's fetches:
   * a scan is judged without a round trip to IndexedDB. Undefined: not read (yet), or dropped.
   */
  memory: Map<string, SnapshotOrder> | undefined;
  /** Bumped whenever the orders are cleared, so a read of them begun before is not kept. */
  generation = 0;
  /** Rows written while the orders were being read into memory, applied on top after. */
  pending: SnapshotOrder[] | undefined;
  constructor(name = 'pda-snapshot') {
    super(name, { cache: 'disabled' });
    this.version(1).stores({ orders: '&n', meta: '&key' });
  }
}

let shared: SnapshotDb | undefined;
export const snapshotDb = (): SnapshotDb => {
  shared ??= new SnapshotDb();
  return shared;
};

const readMeta = async (db: SnapshotDb) => {
  db.cached ??= await db.meta.get('state');
  return db.cached;
};

const PAGE_SIZE = 2_000;
/** A fetch stops after this many pages (5,000 × … never in practice: it resumes next time). */
const MAX_PAGES = 100;

let running: Promise<void> | null = null;

/** Fetches what changed (or the rest of a whole fetch); one at a time. */
export function syncSnapshot(db: SnapshotDb = snapshotDb()): Promise<void> {
  running ??= fetchPages(db).finally(() => {
    running = null;
  });
  return running;
}

async function fetchPages(db: SnapshotDb): Promise<void> {
  const userId = getSession()?.user.recId;
  if (userId === undefined) return;
  let meta = await readMeta(db);
  if (meta && meta.userId !== userId) meta = await reset(db);
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    let page: ScanSnapshot;
    try {
      page = await callApi(wire.lading.scanSnapshot, {
        body: { ...(meta?.cursor ? { cursor: meta.cursor } : {}), pageSize: PAGE_SIZE },
        silent: true,
      });
    } catch (error) {
      // A cursor the server no longer takes: start again from the start (next time).
      if (error instanceof ApiError && error.status === 400) await reset(db);
      return;
    }
    const restart = !meta?.cursor;
    const previous = meta;
    const next: SnapshotMeta = {
      key: 'state',
      userId,
      cursor: page.next,
      complete: page.more ? !page.full && !!previous?.complete : true,
      asOf: page.more ? (previous?.asOf ?? null) : page.asOf,
      fetchedAt: page.more ? (previous?.fetchedAt ?? null) : Date.now(),
      reference: page.bills
        ? { bills: page.bills, channels: page.channels ?? [], countries: page.countries ?? [] }
        : (previous?.reference ?? null),
    };
    const rows = page.rows.map(([n, s, i, c, k, p, l]) => ({ n, s, i, c, k, p, l }));
    const clear = restart && page.full;
    await db.transaction('rw', db.orders, db.meta, async () => {
      if (clear) await db.orders.clear();
      await db.orders.bulkPut(rows);
      await db.meta.put(next);
    });
    db.cached = next;
    if (clear) dropMemory(db);
    if (db.memory) for (const r of rows) db.memory.set(r.n, r);
    else db.pending?.push(...rows);
    meta = next;
    if (!page.more) return;
  }
}

async function reset(db: SnapshotDb): Promise<undefined> {
  await db.transaction('rw', db.orders, db.meta, async () => {
    await db.orders.clear();
    await db.meta.clear();
  });
  db.cached = undefined;
  dropMemory(db);
  return undefined;
}

function dropMemory(db: SnapshotDb) {
  db.generation += 1;
  db.memory = undefined;
  db.pending = undefined;
}

/** Orders read into memory per IndexedDB request: each a task of its own, between scans. */
const MEMORY_CHUNK = 2_000;
/** More orders than this stay in IndexedDB alone (a handheld's memory). */
const MEMORY_MAX = 100_000;

/**
 * Reads the snapshot's orders into memory (a screen that judges scans calls it once the snapshot
 * is there), a chunk at a time so scans made meanwhile are not held up; until it ends, each scan
 * reads its order from IndexedDB. One read at a time; nothing when already in memory.
 */
export async function keepInMemory(db: SnapshotDb = snapshotDb()): Promise<void> {
  if (db.memory || db.pending) return;
  const meta = await readMeta(db);
  if (!meta?.complete || db.memory || db.pending) return;
  const generation = db.generation;
  db.pending = [];
  try {
    if ((await db.orders.count()) > MEMORY_MAX) return;
    const memory = new Map<string, SnapshotOrder>();
    let after: string | undefined;
    for (;;) {
      const chunk = await (after === undefined ? db.orders.orderBy('n') : db.orders.where('n').above(after))
        .limit(MEMORY_CHUNK)
        .toArray();
      if (db.generation !== generation) return;
      for (const r of chunk) memory.set(r.n, r);
      if (chunk.length < MEMORY_CHUNK) break;
      after = chunk.at(-1)!.n;
    }
    for (const r of db.pending ?? []) memory.set(r.n, r);
    db.memory = memory;
  } finally {
    if (db.generation === generation) db.pending = undefined;
  }
}

/** Forgets the snapshot (a logout). */
export const forgetSnapshot = (db: SnapshotDb = snapshotDb()) => reset(db);

/** What the snapshot says of a scan into a bill. */
export type Judgement =
  /** It cannot tell (no snapshot yet, a bill it does not know, a status it does not word). */
  | { kind: 'undecided' }
  /** The rule lets it in: queued, marked so. */
  | { kind: 'accept' }
  /** Refused on the device, in the server's words (`duplicate`: it is in this very bill). */
  | { kind: 'refuse'; reason: string; message: string; duplicate: boolean };

const undecided: Judgement = { kind: 'undecided' };

/**
 * Judges a scan of `code` into lading bill `billId` by the server's rule, from the snapshot.
 * Refusals the device words as the server does: unknown, cancelled, intercepted, not received,
 * another channel or country, in a package, in another bill. The rest is left to the server.
 */
export async function judgeLadingScan(
  billId: number,
  code: string,
  db: SnapshotDb = snapshotDb(),
): Promise<Judgement> {
  const meta = await readMeta(db);
  if (!meta?.complete || !meta.reference || meta.userId !== getSession()?.user.recId) return undecided;
  const bill = meta.reference.bills.find((b) => b.id === billId);
  if (!bill || bill.orderType !== LadingOrderType.order) return undecided;
  const row = db.memory ? db.memory.get(code) : await db.orders.get(code);
  const verdict = ladingScanVerdict(
    bill,
    row && {
      status: row.s,
      interceptState: row.i,
      channelId: row.c,
      consigneeCountryId: row.k,
      inPackage: row.p,
      inLading: row.l,
    },
  );
  if (!verdict) return { kind: 'accept' };
  const locale = i18n.locale as Locale;
  // As the server words it (envelope.ts): in Arabic each text value is isolated.
  const isolate = locale === 'ar' ? isolated : (v: string) => v;
  const trackingNo = isolate(code);
  const say = (d: MessageDescriptor, values: Record<string, string>, duplicate = false): Judgement => ({
    kind: 'refuse',
    reason: verdict.reason,
    message: i18n._({ ...d, values }),
    duplicate,
  });
  const channel = (id: number | null) => {
    const c = meta.reference?.channels.find((x) => x[0] === id);
    return isolate(c ? channelLabelOf({ code: c[1], name: c[2], nameEn: c[3] }, locale) : String(id ?? ''));
  };
  const country = (id: number | null) => {
    const c = meta.reference?.countries.find((x) => x[0] === id);
    return isolate(c ? regionNameOf({ nameCn: c[1], nameEn: c[2], nameAr: c[3] }, locale) : String(id ?? ''));
  };
  switch (verdict.reason) {
    case 'unknown':
      return say(m.refusedUnknown, { trackingNo });
    case 'cancelled':
      return say(m.refusedCancelled, { trackingNo });
    case 'intercepted':
      return say(m.refusedIntercepted, { trackingNo });
    case 'notReceived':
      return say(m.refusedNotReceived, { trackingNo });
    case 'wrongChannel':
      return say(m.refusedWrongChannel, {
        trackingNo,
        channel: channel(verdict.channelId),
        billChannel: channel(verdict.billChannelId),
      });
    case 'wrongCountry':
      return say(m.refusedWrongCountry, {
        trackingNo,
        country: country(verdict.countryId),
        billCountry: country(verdict.billCountryId),
      });
    case 'inPackage':
      return say(m.refusedInPackage, { trackingNo, packageNo: isolate(verdict.packageNo) });
    case 'alreadyAdded':
      if (verdict.billNo === null) return undecided;
      return say(
        m.refusedAlreadyAdded,
        { trackingNo, billNo: isolate(verdict.billNo) },
        verdict.billNo === bill.no,
      );
    case 'wrongStatus':
      return undecided;
  }
}

/**
 * Keeps the snapshot fresh while the page is open and online: a few seconds after the start (not
 * in the first load's way), then every minute, and when back online.
 */
export function startSnapshotSync(everyMs = 60_000, firstMs = 3_000): () => void {
  const tick = () => {
    if (navigator.onLine) void syncSnapshot();
  };
  const first = setTimeout(tick, firstMs);
  const timer = setInterval(tick, everyMs);
  window.addEventListener('online', tick);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    window.removeEventListener('online', tick);
  };
}
