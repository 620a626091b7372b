import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { PrintStatus } from '../../shared/contract/printer.ts';
import type { Db } from '../db/client.ts';
import { printJobs } from '../db/schema/index.ts';
import { type JobDefinition, type JobEngine, type JobLog, jobName } from '../jobs/engine.ts';

/**
 * A print to a network label printer as a job of the engine: the ZPL (kept on the print_jobs row)
 * goes raw over TCP to the printer's host and port (9100, "raw" or "JetDirect" printing). A printer
 * that is off, unplugged or out of paper refuses or drops the connection: the attempt fails and is
 * retried with backoff (5 s, 10 s, 20 s … up to 5 minutes between attempts, 8 retries); the row
 * says queued with the last error meanwhile, sent once the printer took it, failed when the
 * attempts are spent. A print already sent is not sent again (a retry after a crash that followed
 * the send finds it sent).
 */
export const PRINT_ZPL = jobName<{ printJobId: number }>('print-zpl');
export const PRINT_RETRIES = 8;
/** An attempt that neither connects nor finishes writing in this time fails. */
const SEND_TIMEOUT_MS = 15_000;

/** Writes `data` to host:port and closes; resolves once the printer has the bytes and closed. */
export function sendRaw(host: string, port: number, data: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new Error(`no answer from ${host}:${port} in 15 s`)),
      SEND_TIMEOUT_MS,
    );
    const abort = () => fail(new Error('stopped'));
    signal?.addEventListener('abort', abort, { once: true });
    socket.setNoDelay(true);
    socket.on('error', (err) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      reject(err);
    });
    socket.on('connect', () => {
      socket.end(data, 'utf8');
    });
    socket.on('close', (hadError) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (!hadError) resolve();
    });
  });
}

const reason = (err: unknown): string => {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ECONNREFUSED') return `the printer refused the connection (${e.message})`;
  if (e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH')
    return `the printer is unreachable (${e.message})`;
  if (e.code === 'ENOTFOUND') return `no such host (${e.message})`;
  return e.message ?? String(err);
};

export function printZplJob(db: Db, log: JobLog): JobDefinition<{ printJobId: number }> {
  return {
    name: PRINT_ZPL,
    retries: PRINT_RETRIES,
    retryDelaySeconds: 5,
    backoff: true,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 120,
    concurrency: 2,
    run: async ({ printJobId }, job) => {
      const [row] = await db.select().from(printJobs).where(eq(printJobs.id, printJobId));
      if (!row || row.status === PrintStatus.sent) return;
      try {
        await sendRaw(row.host, row.port, row.zpl, job.signal);
      } catch (err) {
        const error = reason(err);
        await db
          .update(printJobs)
          .set({
            attempts: sql`${printJobs.attempts} + 1`,
            error,
            status: job.lastAttempt ? PrintStatus.failed : PrintStatus.queued,
            updatedAt: new Date(),
          })
          .where(eq(printJobs.id, printJobId));
        log.warn({ printJobId, attempt: job.attempt, error }, 'print not taken by the printer');
        throw new Error(error);
      }
      await db
        .update(printJobs)
        .set({
          attempts: sql`${printJobs.attempts} + 1`,
          status: PrintStatus.sent,
          error: '',
          sentAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(printJobs.id, printJobId));
    },
  };
}

/** Queues a print in the request's transaction `tx`: the job exists only if the print row does. */
export const sendPrint = (jobs: JobEngine, tx: Db, printJobId: number) =>
  jobs.send(PRINT_ZPL, { printJobId }, { tx });
