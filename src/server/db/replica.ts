import type { Database, Db } from './client.ts';

/** Where a read went, and why it did not go to the replica when it did not. */
export type ReadTarget = 'replica' | 'primary';
export type FallbackReason = 'down' | 'lagging' | 'catching_up';

export interface ReplicaStatus {
  /** The replica is in use: it answered its last check with a lag under the limit. */
  inUse: boolean;
  /** Seconds the replica was behind at its last check (0 when it had replayed all it received). */
  lagSeconds: number | null;
  /** Why reads go to the primary now, when they do. */
  fallback: Exclude<FallbackReason, 'catching_up'> | null;
  /** The error of the last check, when the replica did not answer. */
  error: string | null;
  checkedAt: Date | null;
}

export interface ReplicaOptions {
  /** A replica further behind than this is not read from (REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** How often the replica's lag is checked. */
  checkEveryMs?: number;
  /** How long a read waits for the replica to replay the primary's last commit before it reads the primary. */
  catchUpMs?: number;
  /** Told when the replica goes out of use or back in (logged by the app). */
  onChange?: (status: ReplicaStatus) => void;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * Routes the reads of the calls that may read a streaming replica (reports, analysis, statements,
 * waybill, exports: those the contract marks `readFrom: 'replica'`) to DATABASE_REPLICA_URL, and
 * everything else to the primary.
 *
 * A read sees every write committed before it started, the caller's own included: it first asks
 * the primary for its current WAL position and reads the replica only once the replica has
 * replayed up to it (waiting at most `catchUpMs`, then reading the primary). A replica that does
 * not answer its check, or lags more than `maxLagSeconds`, is left out until a check finds it
 * well again; its reads go to the primary meanwhile, and /ready and /metrics show it.
 *
 * The lag is PostgreSQL's usual measure on a standby: 0 when it has replayed all the WAL it has
 * received, else the time since the last transaction it replayed was committed.
 */
export class ReplicaRouter {
  private status: ReplicaStatus = {
    inUse: false,
    lagSeconds: null,
    fallback: 'down',
    error: null,
    checkedAt: null,
  };
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private readonly catchUpMs: number;
  private readonly readObservers: ((target: ReadTarget, reason: FallbackReason | null) => void)[] = [];

  private readonly primary: Database;
  readonly replica: Database;
  private readonly options: ReplicaOptions;

  constructor(primary: Database, replica: Database, options: ReplicaOptions) {
    this.primary = primary;
    this.replica = replica;
    this.options = options;
    this.catchUpMs = options.catchUpMs ?? 500;
  }

  /** Checks at once, then every `checkEveryMs`; the first check is awaited. */
  async start(): Promise<void> {
    await this.check();
    const every = this.options.checkEveryMs ?? 2000;
    const loop = () => {
      this.timer = setTimeout(() => void this.check().finally(loop), every);
      this.timer.unref();
    };
    loop();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.checking;
  }

  /** `fn` is told where each read went (the metrics count them). */
  observeReads(fn: (target: ReadTarget, reason: FallbackReason | null) => void): void {
    this.readObservers.push(fn);
  }

  current(): ReplicaStatus {
    return { ...this.status };
  }

  /** One check of the replica's health and lag (the timer runs it; tests may too). */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const before = this.status.inUse;
    try {
      const r = await withTimeout(
        this.replica.pool.query<{ recovery: boolean; lag: number | null }>(
          `SELECT pg_is_in_recovery() AS recovery,
             CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
               ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END AS lag`,
        ),
        CHECK_TIMEOUT_MS,
      );
      const row = r.rows[0]!;
      const lag = row.recovery ? Math.max(0, row.lag ?? 0) : 0;
      const lagging = lag > this.options.maxLagSeconds;
      this.status = {
        inUse: !lagging,
        lagSeconds: lag,
        fallback: lagging ? 'lagging' : null,
        error: null,
        checkedAt: new Date(),
      };
    } catch (err) {
      this.status = {
        inUse: false,
        lagSeconds: null,
        fallback: 'down',
        error: (err as Error).message,
        checkedAt: new Date(),
      };
    }
    if (before !== this.status.inUse) this.options.onChange?.(this.current());
  }

  /**
   * The database a replica-read call reads: the replica when it is in use and has replayed the
   * primary's last commit, else the primary.
   */
  async readDb(): Promise<{ db: Db; target: ReadTarget; reason: FallbackReason | null }> {
    const pick = (target: ReadTarget, reason: FallbackReason | null) => {
      for (const fn of this.readObservers) fn(target, reason);
      return { db: target === 'replica' ? this.replica.db : this.primary.db, target, reason };
    };
    if (!this.status.inUse) return pick('primary', this.status.fallback ?? 'down');
    try {
      const { rows } = await this.primary.pool.query<{ lsn: string }>(
        'SELECT pg_current_wal_flush_lsn()::text AS lsn',
      );
      const lsn = rows[0]!.lsn;
      const deadline = Date.now() + this.catchUpMs;
      for (;;) {
        const r = await withTimeout(
          this.replica.pool.query<{ ok: boolean }>(
            'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) AS ok',
            [lsn],
          ),
          CHECK_TIMEOUT_MS,
        );
        if (r.rows[0]!.ok) return pick('replica', null);
        if (Date.now() >= deadline) return pick('primary', 'catching_up');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } catch {
      // The replica failed between two checks: this read goes to the primary, the next check decides.
      void this.check();
      return pick('primary', 'down');
    }
  }

  async close(): Promise<void> {
    await this.stop();
    await this.replica.close();
  }
}
