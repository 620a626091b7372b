import { hostname } from 'node:os';
import { and, asc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import { COD_PUSH_HOUR, CodPushResult } from '../../../shared/domain/cod.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, codPushes } from '../../db/schema/index.ts';
import { translator } from '../../i18n.ts';
import { type Repeating, repeat } from '../../repeat.ts';
import { personName } from '../order/order-names.ts';
import { type CodRow, codStatusName, selectCodRows } from './cod-read.ts';

/**
 * The daily COD push (DOMAIN.md): at 17:00 in the business time zone, the previous business day's
 * COD modifications are posted to the work-chat group webhook (COD_PUSH_WEBHOOK_URL) as a markdown
 * message in the group-bot style ({"msgtype":"markdown","markdown":{"content":…}}).
 *
 * Exactly once per day across server processes on one database: the first process to insert the
 * day's cod_pushes row (UNIQUE business_day, INSERT … ON CONFLICT DO NOTHING) owns the push. A
 * failed attempt is retried with exponential backoff by whichever process next finds it due (an
 * UPDATE … WHERE result = failed AND next_attempt_at <= now, which only one process can win); a push
 * whose process died is taken over once its lease ends. Every attempt updates the day's row (time,
 * count, result, error, attempts). The clock is injected so tests can drive it across 17:00.
 */

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface CodPushOptions {
  clock?: Clock;
  /** How often the scheduler reads the clock; default 30 s. */
  tickMs?: number;
  /** The first retry's delay, doubled on each failure up to `retryMaxMs`; default 1 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts before the day is given up; default 8. */
  maxAttempts?: number;
  /** How long a running attempt is held before another process may take it over; default 2 min. */
  leaseMs?: number;
  /** Timeout of one webhook call; default 10 s. */
  requestTimeoutMs?: number;
}

interface Log {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

type PushConfig = Pick<Config, 'businessTimeZone' | 'codPushWebhookUrl' | 'codPushLocale'>;

/** The business date (YYYY-MM-DD) and hour of an instant in a time zone. */
export function businessParts(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(day: string): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d - 1)).toISOString().slice(0, 10);
}

/** The day whose push is due at an instant: yesterday once it is 17:00, else none yet today. */
export function dueDay(at: Date, timeZone: string): string | null {
  const { day, hour } = businessParts(at, timeZone);
  return hour >= COD_PUSH_HOUR ? dayBefore(day) : null;
}

/** The modifications made on a business day (its midnight to the next, in the business time zone). */
export async function modificationsOf(db: Db, day: string, timeZone: string): Promise<CodRow[]> {
  const start = sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
  const end = sql`((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  return selectCodRows(db)
    .where(and(gte(codModifications.createdAt, start), lt(codModifications.createdAt, end)))
    .orderBy(asc(codModifications.createdAt), asc(codModifications.id));
}

/** Group bots take at most 4096 bytes of markdown; the list stops before that with a count of the rest. */
const MAX_CONTENT_BYTES = 3800;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The markdown message of a day's modifications in the configured language. */
export function pushContent(
  day: string,
  rows: readonly CodRow[],
  locale: PushConfig['codPushLocale'],
): string {
  const t = translator(locale);
  const head = [`**${t(m.pushTitle, { day })}**`, `> ${t(m.pushCount, { count: rows.length })}`];
  if (rows.length === 0) return [...head, t(m.pushNone)].join('\n');
  const lines: string[] = [];
  let bytes = Buffer.byteLength(head.join('\n'));
  for (const [i, r] of rows.entries()) {
    const c = r.c;
    const operator = personName({ nickname: r.operatorNickname, username: r.operatorUsername }) ?? '';
    const parts = [
      c.trackingNo,
      r.customerCode,
      `${c.originalAmount} ${c.originalCurrency}`.trim(),
      '→',
      `${c.updatedAmount} ${c.currency}`,
      `· ${codStatusName(t, c.status)}`,
      `· ${operator}`,
      c.remark ? `· ${oneLine(c.remark).slice(0, 100)}` : '',
    ];
    const line = `${i + 1}. ${parts.filter(Boolean).join(' ')}`;
    const more = `\n${t(m.pushMore, { count: rows.length - i })}`;
    if (bytes + Buffer.byteLength(line) + 1 + Buffer.byteLength(more) > MAX_CONTENT_BYTES) {
      lines.push(t(m.pushMore, { count: rows.length - i }));
      break;
    }
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  return [...head, ...lines].join('\n');
}

/** Posts one message; throws with a short reason unless the bot accepted it (2xx, errcode 0 when given). */
async function postWebhook(url: string, content: string, timeoutMs: number): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msgtype: 'markdown', markdown: { content } }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return; // a receiver that answers 2xx without JSON accepted it
  }
  const errcode = (answer as { errcode?: unknown } | null)?.errcode;
  if (errcode !== undefined && errcode !== 0)
    throw new Error(`errcode ${String(errcode)}: ${text.slice(0, 200)}`);
}

/** Its tick is one look at the clock. */
export type CodPushScheduler = Repeating;

/** Starts the scheduler of one server process; `stop` waits for an attempt in flight. */
export function startCodPush(
  db: Db,
  config: PushConfig,
  log: Log,
  opts: CodPushOptions = {},
): CodPushScheduler {
  const clock = opts.clock ?? systemClock;
  const tickMs = opts.tickMs ?? 30_000;
  const retryBaseMs = opts.retryBaseMs ?? 60_000;
  const retryMaxMs = opts.retryMaxMs ?? 3_600_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  const leaseMs = opts.leaseMs ?? 120_000;
  const requestTimeoutMs = opts.requestTimeoutMs ?? 10_000;
  const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  /** Days this process saw finished (sent, skipped, given up): no more queries for them. */
  const finished = new Set<string>();

  /** Takes the day's push if it is this process's to do now; answers the attempt number. */
  async function claim(day: string, now: Date): Promise<number | null> {
    const lease = new Date(now.getTime() + leaseMs);
    const inserted = await db
      .insert(codPushes)
      .values({
        businessDay: day,
        result: CodPushResult.running,
        attempts: 1,
        claimedBy: owner,
        leaseUntil: lease,
        createdAt: now,
      })
      .onConflictDoNothing({ target: codPushes.businessDay })
      .returning({ attempts: codPushes.attempts });
    if (inserted[0]) return inserted[0].attempts;
    const retried = await db
      .update(codPushes)
      .set({
        result: CodPushResult.running,
        attempts: sql`${codPushes.attempts} + 1`,
        claimedBy: owner,
        leaseUntil: lease,
      })
      .where(
        and(
          eq(codPushes.businessDay, day),
          or(
            and(eq(codPushes.result, CodPushResult.failed), lte(codPushes.nextAttemptAt, now)),
            and(eq(codPushes.result, CodPushResult.running), lt(codPushes.leaseUntil, now)),
          ),
        ),
      )
      .returning({ attempts: codPushes.attempts });
    if (retried[0]) return retried[0].attempts;
    const [row] = await db
      .select({ result: codPushes.result })
      .from(codPushes)
      .where(eq(codPushes.businessDay, day));
    if (row && row.result !== CodPushResult.running && row.result !== CodPushResult.failed) finished.add(day);
    return null;
  }

  async function attempt(day: string, attempts: number, now: Date): Promise<void> {
    const mine = and(eq(codPushes.businessDay, day), eq(codPushes.claimedBy, owner));
    const rows = await modificationsOf(db, day, config.businessTimeZone);
    const url = config.codPushWebhookUrl;
    if (!url) {
      await db
        .update(codPushes)
        .set({ result: CodPushResult.skipped, rowCount: rows.length, pushedAt: now, leaseUntil: null })
        .where(mine);
      finished.add(day);
      log.info({ day, count: rows.length }, 'COD push skipped: COD_PUSH_WEBHOOK_URL is not set');
      return;
    }
    try {
      await postWebhook(url, pushContent(day, rows, config.codPushLocale), requestTimeoutMs);
      await db
        .update(codPushes)
        .set({
          result: CodPushResult.sent,
          rowCount: rows.length,
          pushedAt: clock.now(),
          error: '',
          leaseUntil: null,
        })
        .where(mine);
      finished.add(day);
      log.info({ day, count: rows.length, attempts }, 'COD push sent');
    } catch (err) {
      const error = String((err as Error).message ?? err).slice(0, 500);
      const gaveUp = attempts >= maxAttempts;
      const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
      await db
        .update(codPushes)
        .set({
          result: gaveUp ? CodPushResult.gaveUp : CodPushResult.failed,
          rowCount: rows.length,
          pushedAt: clock.now(),
          error,
          leaseUntil: null,
          nextAttemptAt: gaveUp ? null : new Date(clock.now().getTime() + delay),
        })
        .where(mine);
      if (gaveUp) finished.add(day);
      log.warn({ day, attempts, error, gaveUp }, 'COD push failed');
    }
  }

  async function tick(): Promise<void> {
    const now = clock.now();
    const day = dueDay(now, config.businessTimeZone);
    if (day === null || finished.has(day)) return;
    const attempts = await claim(day, now);
    if (attempts !== null) await attempt(day, attempts, now);
  }

  return repeat(tick, tickMs, (err) => log.error({ err }, 'COD push scheduler failed'));
}
