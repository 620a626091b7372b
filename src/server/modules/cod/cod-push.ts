import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { COD_PUSH_HOUR, CodPushResult } from '../../../shared/domain/cod.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, codPushes } from '../../db/schema/index.ts';
import { translator } from '../../i18n.ts';
import { type JobDefinition, type JobRun, jobName } from '../../jobs/engine.ts';
import { personName } from '../order-core/order-names.ts';
import { type CodRow, codStatusName, selectCodRows } from './cod-read.ts';

/**
 * The daily COD push (DOMAIN.md): at 17:00 in the business time zone, the previous business day's
 * COD modifications are posted to the work-chat group webhook (COD_PUSH_WEBHOOK_URL) as a markdown
 * message in the group-bot style ({"msgtype":"markdown","markdown":{"content":…}}). It runs as a
 * job of the engine (codPushJob): pg-boss's cron makes it once a day across processes, its retries
 * the backoff, its expiry the take-over of a push whose process died.
 */

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

/** The daily push: the cron sends none (`day` is then the one due when it fell due), by hand a day. */
export const COD_PUSH = jobName<{ day?: string }>('cod-push');

/**
 * The day a push that fell due at `at` carries: the day before the last 17:00 (business time) at
 * or before it. An occurrence missed while no process ran is sent once when one starts again, and
 * still carries the day it was due for.
 */
export function pushDayAt(at: Date, timeZone: string): string {
  const { day, hour } = businessParts(at, timeZone);
  return hour >= COD_PUSH_HOUR ? dayBefore(day) : dayBefore(dayBefore(day));
}

export interface CodPushOptions {
  /** Timeout of one webhook call; default 10 s. */
  requestTimeoutMs?: number;
}

/**
 * The push as a job of the engine: on pg-boss's cron at 17:00 in the business time zone (one job
 * per occurrence across processes), one at a time (policy singleton), retried 7 times after 1, 2,
 * 4 … 60 minutes. The day's cod_pushes row records each attempt; a day sent or skipped is never
 * pushed again, by a second job for it or a retry by hand.
 */
export function codPushJob(
  db: Db,
  config: PushConfig,
  log: Log,
  opts: CodPushOptions = {},
): JobDefinition<{ day?: string }> {
  return {
    name: COD_PUSH,
    schedule: { cron: `0 ${COD_PUSH_HOUR} * * *`, missed: 'once' },
    policy: 'singleton',
    retries: COD_PUSH_RETRIES,
    retryDelaySeconds: 60,
    backoff: true,
    retryDelayMaxSeconds: 3600,
    expireInSeconds: 120,
    run: (data, job) =>
      pushDay(db, config, log, data.day ?? pushDayAt(job.createdOn, config.businessTimeZone), job, opts),
  };
}

/** Retries after the first attempt of a day's push. */
export const COD_PUSH_RETRIES = 7;

async function pushDay(
  db: Db,
  config: PushConfig,
  log: Log,
  day: string,
  job: JobRun,
  opts: CodPushOptions,
): Promise<void> {
  const open = [CodPushResult.running, CodPushResult.failed, CodPushResult.gaveUp];
  const [row] = await db
    .insert(codPushes)
    .values({ businessDay: day, result: CodPushResult.running, attempts: 1 })
    .onConflictDoUpdate({
      target: codPushes.businessDay,
      set: { result: CodPushResult.running, attempts: sql`${codPushes.attempts} + 1` },
      setWhere: inArray(codPushes.result, open),
    })
    .returning({ attempts: codPushes.attempts });
  if (!row) return; // sent or skipped already
  const attempts = row.attempts;
  const thisDay = eq(codPushes.businessDay, day);
  const rows = await modificationsOf(db, day, config.businessTimeZone);
  const url = config.codPushWebhookUrl;
  if (!url) {
    await db
      .update(codPushes)
      .set({ result: CodPushResult.skipped, rowCount: rows.length, pushedAt: new Date() })
      .where(thisDay);
    log.info({ day, count: rows.length }, 'COD push skipped: COD_PUSH_WEBHOOK_URL is not set');
    return;
  }
  try {
    await postWebhook(url, pushContent(day, rows, config.codPushLocale), opts.requestTimeoutMs ?? 10_000);
  } catch (err) {
    const error = String((err as Error).message ?? err).slice(0, 500);
    await db
      .update(codPushes)
      .set({
        result: job.lastAttempt ? CodPushResult.gaveUp : CodPushResult.failed,
        rowCount: rows.length,
        pushedAt: new Date(),
        error,
      })
      .where(thisDay);
    throw new Error(`COD push of ${day} failed: ${error}`);
  }
  await db
    .update(codPushes)
    .set({ result: CodPushResult.sent, rowCount: rows.length, pushedAt: new Date(), error: '' })
    .where(thisDay);
  log.info({ day, count: rows.length, attempts }, 'COD push sent');
}
