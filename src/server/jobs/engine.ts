import { sql } from 'drizzle-orm';
import { fromDrizzle, type JobWithMetadata, PgBoss, type QueuePolicy } from 'pg-boss';
import type { Db } from '../db/client.ts';
import { JOB_SCHEMA } from './job-schema.ts';

/**
 * The job engine: every background, retried or scheduled piece of work of the server runs here
 * (DESIGN.md "Jobs"). It is pg-boss (README "Why pg-boss") on the app's own database, in the
 * schema `pgboss`: jobs are rows, taken with SKIP LOCKED, so each runs once across the processes
 * sharing the database; a job whose process dies is taken again once it expires (or misses its
 * heartbeat); a failed attempt is retried with the queue's backoff and, when its attempts are
 * spent, kept as failed with its error (never dropped), to be shown and retried by id.
 *
 * How a feature uses it:
 *
 *   // 1. Name the job and its data (the data is JSON: ids and small values, not rows).
 *   export const LADING_MAIL = jobName<{ billId: number }>('lading-mail');
 *
 *   // 2. Define its queue and handler where the feature lives; app.ts calls this before start.
 *   export function ladingMailJob(db: Db, config: Config): JobDefinition<{ billId: number }> {
 *     return {
 *       name: LADING_MAIL,
 *       run: async ({ billId }, job) => { ...; if (failed) throw new Error(reason) },
 *       retries: 4, retryDelaySeconds: 300, backoff: true,   // 5, 10, 20, 40 minutes
 *       policy: 'exclusive',                                  // one queued or running per key
 *     };
 *   }
 *
 *   // 3. Enqueue it: inside the request's transaction (`tx: ctx.db`), so a rolled-back change has
 *   //    no job and a committed one always does; `singletonKey` keeps one per record.
 *   await ctx.jobs.send(LADING_MAIL, { billId }, { singletonKey: String(billId), tx: ctx.db });
 *
 *   // Or on a schedule, in the business time zone (pg-boss cron: one job per occurrence across
 *   // all processes; `missed: 'once'` sends one for an occurrence that fell while none ran):
 *   schedule: { cron: '0 17 * * *', missed: 'once' }   // in the definition
 *
 * A handler throws to fail the attempt (the error is kept on the job), returns to complete it. It
 * gets `job.attempt` (1-based), `job.lastAttempt`, `job.createdOn` and an abort `signal` (set when
 * the process stops). Long jobs set `heartbeatSeconds`: the engine beats while the handler runs,
 * and another process takes a job whose beats stop (its process died) after that many seconds.
 *
 * A process that does not `work` (test apps, unless they ask) only sends: jobs wait in the queue
 * and a test runs them with `drain()`.
 */

/** A queue's name, typed by its jobs' data. */
export type JobName<T> = string & { readonly __data?: T };
export const jobName = <T extends object>(name: string): JobName<T> => name as JobName<T>;

/** What a handler knows of the job it runs. */
export interface JobRun {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
  /** When the job was sent (a scheduled job: when its occurrence fell due). */
  createdOn: Date;
  /** Aborted when the process stops while the job runs. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object> {
  name: JobName<T>;
  run: (data: T, job: JobRun) => Promise<void>;
  /** Attempts after the first one; default 2. */
  retries?: number;
  /** Seconds before a retry (with `backoff`: the first retry's, doubled each time); default 0. */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** Cap of the backoff's delay. */
  retryDelayMaxSeconds?: number;
  /** How long an attempt may run before it is failed (and retried); default 15 minutes. */
  expireInSeconds?: number;
  /** Beat at least this often while running (>= 10); a job whose beats stop is taken by another process. */
  heartbeatSeconds?: number;
  /**
   * pg-boss's queue policy: 'standard' (default); 'singleton' one running at a time; 'stately'
   * one queued and one running; 'exclusive' one queued or running (each per `singletonKey`).
   */
  policy?: QueuePolicy;
  /** Jobs of this queue one process runs at once; default 1. */
  concurrency?: number;
  /**
   * Jobs each of those workers takes in one fetch, run side by side; default 1. A worker waits the
   * polling interval after each fetch, except while its fetches come back full: then it fetches again
   * at once, so a backlog of short jobs drains at the machine's pace, not one fetch per 2 s. Each job
   * of a batch completes or fails on its own.
   */
  batchSize?: number;
  /** Run on a cron expression in the business time zone. */
  schedule?: { cron: string; missed?: 'skip' | 'once' };
  /** Also sent (with no data) when a working process starts. */
  atStart?: boolean;
}

export interface SendOptions {
  /** With the queue's policy: at most one job per key (a bill, a day). */
  singletonKey?: string;
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
  /** Send inside this transaction: the job exists only if it commits. */
  tx?: Db;
}

export interface JobLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

export interface JobEngineOptions {
  url: string;
  timeZone: string;
  log: JobLog;
  /** Run the queues' handlers, the schedules and the supervision (expiry, retention); else only send. */
  work: boolean;
  /** How often an idle worker looks for jobs; default 2 s. */
  pollingIntervalSeconds?: number;
}

/** Times one attempt took, for the job metrics: `seconds` and how it ended. */
export type JobObserver = (name: string, seconds: number, ok: boolean) => void;

export class JobEngine {
  readonly boss: PgBoss;
  readonly timeZone: string;
  readonly #opts: JobEngineOptions;
  readonly #defs = new Map<string, JobDefinition<object>>();
  readonly #observers: JobObserver[] = [];
  #started = false;
  #stopping = new AbortController();
  /** The drains under way, which stop() lets finish before it closes the engine's pool. */
  readonly #draining = new Set<Promise<number>>();

  constructor(opts: JobEngineOptions) {
    this.#opts = opts;
    this.timeZone = opts.timeZone;
    this.boss = new PgBoss({
      connectionString: opts.url,
      schema: JOB_SCHEMA,
      max: opts.work ? 4 : 2,
      application_name: 'parcel-jobs',
      supervise: opts.work,
      schedule: opts.work,
      registerInstance: opts.work,
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job engine error'));
  }

  /** Adds a queue and its handler; before start. */
  define<T extends object>(def: JobDefinition<T>): void {
    if (this.#started) throw new Error(`job ${def.name} defined after the engine started`);
    this.#defs.set(def.name, def as unknown as JobDefinition<object>);
  }

  /** The queues defined, by name. */
  get definitions(): ReadonlyMap<string, JobDefinition<object>> {
    return this.#defs;
  }

  get started(): boolean {
    return this.#started;
  }

  get working(): boolean {
    return this.#opts.work;
  }

  /** Called after each attempt this process runs. */
  observe(observer: JobObserver): void {
    this.#observers.push(observer);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const def of this.#defs.values()) {
      const options = queueOptions(def);
      await this.boss.createQueue(def.name, { ...options, policy: def.policy ?? 'standard' });
      // A queue made by an older build keeps its row: its options follow the code.
      await this.boss.updateQueue(def.name, options);
    }
    if (this.#opts.work) {
      for (const def of this.#defs.values()) {
        const polling = {
          includeMetadata: true,
          localConcurrency: def.concurrency ?? 1,
          pollingIntervalSeconds: this.#opts.pollingIntervalSeconds ?? 2,
        } as const;
        if ((def.batchSize ?? 1) > 1)
          await this.boss.work(
            def.name,
            { ...polling, batchSize: def.batchSize, burstWhenBatchFull: true, perJobResults: true },
            (jobs: JobWithMetadata<object>[]) =>
              Promise.all(
                jobs.map(async (job) => {
                  try {
                    await this.#run(def, job);
                    return { id: job.id, status: 'completed' as const };
                  } catch (err) {
                    return { id: job.id, status: 'failed' as const, output: { message: errorText(err) } };
                  }
                }),
              ),
          );
        else
          await this.boss.work(
            def.name,
            { ...polling, batchSize: 1 },
            async ([job]: JobWithMetadata<object>[]) => {
              if (job) await this.#run(def, job);
            },
          );
        if (def.schedule)
          await this.boss.schedule(def.name, def.schedule.cron, null, {
            tz: this.timeZone,
            missed: def.schedule.missed ?? 'skip',
          });
        else await this.boss.unschedule(def.name).catch(() => undefined);
        if (def.atStart) await this.boss.send(def.name, {});
      }
    }
    this.#started = true;
  }

  /** Stops taking jobs, lets the running ones finish (up to `timeoutMs`), then closes. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#stopping.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#draining]),
      new Promise((r) => {
        timer = setTimeout(r, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    this.#started = false;
  }

  /** Enqueues a job; answers its id, or null when the queue's policy already holds one for its key. */
  async send<T extends object>(name: JobName<T>, data: T, opts: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(opts.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter } : {}),
      ...(opts.tx ? { db: fromDrizzle(opts.tx as never, sql as never) } : {}),
    });
  }

  /**
   * Runs the jobs waiting in the named queues (all, by default) in this process until none is
   * ready, as a worker would: for tests and for a process that does not `work`. Answers how many ran.
   */
  drain(names: readonly string[] = [...this.#defs.keys()]): Promise<number> {
    const run = this.#drain(names);
    this.#draining.add(run);
    const forget = () => this.#draining.delete(run);
    run.then(forget, forget);
    return run;
  }

  async #drain(names: readonly string[]): Promise<number> {
    let ran = 0;
    for (;;) {
      // A stopping engine takes no new job; what it has not fetched stays queued for the next process.
      if (this.#stopping.signal.aborted) return ran;
      let found = false;
      for (const name of names) {
        const def = this.#defs.get(name);
        if (!def) throw new Error(`no job ${name}`);
        const [job] = await this.boss.fetch<object>(name, { includeMetadata: true, batchSize: 1 });
        if (!job) continue;
        found = true;
        ran++;
        try {
          await this.#run(def, job);
          await this.boss.complete(name, job);
        } catch (err) {
          await this.boss.fail(name, job, { message: errorText(err) });
        }
      }
      if (!found) return ran;
    }
  }

  async #run(def: JobDefinition<object>, job: JobWithMetadata<object>): Promise<void> {
    const started = performance.now();
    let ok = false;
    try {
      await def.run(job.data ?? {}, {
        id: job.id,
        attempt: job.retryCount + 1,
        lastAttempt: job.retryCount >= job.retryLimit,
        createdOn: job.createdOn,
        // A job fetched by drain() has no signal of its own.
        signal: job.signal ? AbortSignal.any([job.signal, this.#stopping.signal]) : this.#stopping.signal,
      });
      ok = true;
    } catch (err) {
      this.#opts.log.warn(
        { err, job: def.name, id: job.id, attempt: job.retryCount + 1 },
        job.retryCount >= job.retryLimit ? 'job failed: no attempts left' : 'job attempt failed',
      );
      throw err;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      for (const o of this.#observers) o(def.name, seconds, ok);
    }
  }
}

const errorText = (err: unknown) => (err as Error)?.message ?? String(err);

function queueOptions(def: JobDefinition<object>) {
  return {
    retryLimit: def.retries ?? 2,
    retryDelay: def.retryDelaySeconds ?? 0,
    retryBackoff: def.backoff ?? false,
    ...(def.retryDelayMaxSeconds !== undefined ? { retryDelayMax: def.retryDelayMaxSeconds } : {}),
    expireInSeconds: def.expireInSeconds ?? 900,
    ...(def.heartbeatSeconds !== undefined ? { heartbeatSeconds: def.heartbeatSeconds } : {}),
  };
}
