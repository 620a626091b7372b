import { backoffMs } from './backoff.ts';
import type { OutboxDb, OutboxEntry } from './db.ts';
import { classifyFailure, type Failure, messageOfError, statusOfError } from './failure.ts';
import { SCANS_QUIET_MS } from './on-change.ts';

export interface OutboxDeps {
  db: OutboxDb;
  /**
   * Where what happens to an entry after it is made is written (its answer, a refusal, a failure
   * and its backoff, the pruning of old answers): the same database opened without waiting for
   * the disk. Such a write lost to a power cut only means the entry is sent again with the same
   * key, and the server answers it from its record (or refuses it again). A new entry is always
   * written to `db`, durably, and a scan's write then never waits behind a flush to disk of these.
   * The operator's own retry and discard go to `db` too.
   */
  answerDb?: OutboxDb;
  userId: number;
  /** Sends one entry; resolves with the answer's data, rejects with the failure. */
  send: (entry: OutboxEntry, signal: AbortSignal) => Promise<unknown>;
  classify?: (error: unknown) => Failure;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  newKey?: () => string;
  /** Entries in flight at once. */
  concurrency?: number;
  /** The timer that looks at the queue even when nothing happened (ms). */
  pollMs?: number;
  /** The longest an answer waits in memory for its write (ms; ANSWER_FLUSH_MAX_MS). */
  answerFlushMaxMs?: number;
  /** Answered entries are kept this long (the scan screen lists them, the duplicate check reads them). */
  keepDoneMs?: number;
  /** Where the `online` event comes from (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Runs a drain so that one tab at a time sends a user's queue (Web Locks in browsers). */
  lock?: (name: string, run: () => Promise<void>) => Promise<void>;
  /**
   * Told when queued entries wait for the network (offline, or no answer): the page then asks for
   * a Background Sync (background-sync.ts). Called at every such pass; the callee throttles.
   */
  onNetworkWait?: () => void;
}

/** What is not in the database: which entries are on the wire, and the queue's network pause. */
export interface OutboxLiveState {
  sending: ReadonlySet<number>;
  /** Epoch ms until which the queue waits after a network failure (0: not waiting). */
  pausedUntil: number;
}

/** Browsers open 6 connections to one host: more would only wait in the browser. */
export const DEFAULT_CONCURRENCY = 6;
export const DEFAULT_POLL_MS = 15_000;
export const DEFAULT_KEEP_DONE_MS = 3 * 24 * 60 * 60 * 1000;
/** Answers written together at most this many… */
const ANSWER_BATCH = 25;
/** …or this long after the last of them or the last new entry (scans still arriving wait)… */
const ANSWER_FLUSH_MS = 150;
/** …but no later than this after the first (ms). */
const ANSWER_FLUSH_MAX_MS = 1_000;
const LIVE_NOTIFY_MS = 50;

function webLock(name: string, run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(name, run) : run();
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
/**
 * How the outbox (outbox.ts) sends its queue.
 *
 * Order: entries start in the order they were made (FIFO), up to `concurrency` on the wire at once
 * (6, what a browser opens to one host). FIFO is kept where it matters, per bill (`target`):
 * - scans into one bill commute (the server counts each once, whatever the order), so they overlap;
 * - any other action on a bill (confirm, pickup, cancel) is a barrier: it starts only once every
 *   earlier entry of that bill has its answer, and no later entry of that bill starts before the
 *   barrier has its own — a confirm never overtakes the scans made before it, a scan made after a
 *   pickup never overtakes the pickup;
 * - bills do not wait for each other; exchange scans commute too, so they wait for nothing;
 * - an answer is a success or a refusal: a refused entry (4xx) no longer holds its bill's barrier,
 *   while one waiting to be retried (network, 5xx) still does (pda-outbox-order.test.ts: random mixes).
 *
 * Planning: the queue is read from IndexedDB when a drain starts on start, `online`, the timer, a
 * retry, or a call of drain() (which also picks up what other tabs wrote); from then on this tab
 * follows its own new entries and their answers in memory, so a scan's write never waits behind a
 * read of the queue. The Web Lock lets one tab at a time send a user's queue; an entry another tab
 * made is sent by that tab, or by this one after its next read (at worst twice, with the same key:
 * the server answers a known key once).
 *
 * Answers: success → `done`. A refusal (4xx) → `attention` with the server's message; it waits
 * for the operator (retry or discard) and never holds up the rest of the queue. No answer
 * (offline, timeout) → the whole queue pauses with exponential backoff until the next attempt or
 * the `online` event. A server failure (5xx, 429) → that entry waits with exponential backoff, the
 * others go on. Nothing is ever dropped by the outbox itself. Code 6 (session ended) stops the
 * queue: the entries wait for their user's next login.
 */
export abstract class OutboxDrain {
  readonly userId: number;
  protected readonly db: OutboxDb;
  /** Bookkeeping writes, without waiting for the disk (OutboxDeps.answerDb). */
  protected readonly relaxedDb: OutboxDb;
  protected readonly deps: OutboxDeps;
  protected readonly now: () => number;
  protected stopped = true;
  private running: Promise<void> | undefined;
  private again = false;
  protected networkFailures = 0;
  protected live: OutboxLiveState = { sending: new Set(), pausedUntil: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly answerListeners = new Set<(entries: readonly OutboxEntry[], written: number) => void>();
  /**
   * This user's queued entries as this tab knows them (see "Planning" above): what the last read of
   * the queue found, plus this tab's new entries, less the answered. Undefined until read.
   */
  protected queue: Map<number, OutboxEntry> | undefined;
  /** This tab's new entries while a read of the queue is under way. */
  protected addedDuringRead: Map<number, OutboxEntry> | undefined;
  /** The next drain reads the queue from IndexedDB first. */
  protected readAgain = true;
  /** The next drain ends with the answers written (drain() resolves once they are in IndexedDB). */
  protected flushAtEnd = false;
  /** Answer writes committed so far (see onAnswers). */
  protected written = 0;
  /** When the first unwritten answer came (flush deadline). */
  private firstUnwrittenAt = 0;
  /** When this tab's last new entry was written (epoch ms). */
  protected lastAddedAt = 0;
  protected timer: ReturnType<typeof setTimeout> | undefined;
  protected abort = new AbortController();
  /** Successes not yet written (id → the entry and its changes), and the write under way. */
  protected readonly unwritten = new Map<number, { entry: OutboxEntry; changes: Partial<OutboxEntry> }>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  constructor(deps: OutboxDeps) {
    this.deps = deps;
    this.db = deps.db;
    this.relaxedDb = deps.answerDb ?? deps.db;
    this.userId = deps.userId;
    this.now = deps.now ?? Date.now;
  }

  /**
   * Hears of the answers this tab wrote to IndexedDB (the entries as they now are), with the
   * number of that write (see writtenCount), so a screen shows them without reading them back.
   */
  onAnswers = (listener: (entries: readonly OutboxEntry[], written: number) => void): (() => void) => {
    this.answerListeners.add(listener);
    return () => {
      this.answerListeners.delete(listener);
    };
  };

  private wasWritten(entries: readonly OutboxEntry[]): void {
    this.written += 1;
    for (const listener of this.answerListeners) listener(entries, this.written);
  }

  /** Sends what is due, planned from what this tab knows (a read of the queue when asked for). */
  protected run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.again = false;
          await (this.deps.lock ?? webLock)(`pda-outbox-${this.userId}`, () => this.passes());
        } while (this.again && !this.stopped);
        if (this.flushAtEnd) {
          this.flushAtEnd = false;
          await this.flushAnswers();
        }
      } finally {
        this.running = undefined;
      }
    })();
    this.running = run;
    return run;
  }

  getLive = (): OutboxLiveState => this.live;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Screens hear of the live state at most every LIVE_NOTIFY_MS (a drain changes it per entry). */
  protected setLive(patch: Partial<OutboxLiveState>): void {
    this.live = { ...this.live, ...patch };
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = undefined;
      for (const listener of this.listeners) listener();
    }, LIVE_NOTIFY_MS);
  }

  private async passes(): Promise<void> {
    if (this.stopped) return;
    if (this.readAgain || !this.queue) await this.readQueue();
    let nextDue = Number.POSITIVE_INFINITY;
    for (;;) {
      const pass = await this.pass();
      nextDue = pass.nextDue;
      if (!pass.progressed || this.stopped) break;
    }
    this.schedule(nextDue);
  }

  private schedule(nextDue: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const due = Math.min(nextDue, this.live.pausedUntil > this.now() ? this.live.pausedUntil : Infinity);
    if (!Number.isFinite(due)) return;
    this.timer = setTimeout(() => void this.run(), Math.max(20, due - this.now()));
  }

  /**
   * Reads this user's queued entries from IndexedDB (run under the lock, between passes: nothing of
   * this tab is on the wire). Answers not yet written are written first, so none reads as queued.
   */
  private async readQueue(): Promise<void> {
    this.readAgain = false;
    await this.flushAnswers();
    const during = new Map<number, OutboxEntry>();
    this.addedDuringRead = during;
    try {
      const read = await this.db.entries.where('[userId+state]').equals([this.userId, 'queued']).toArray();
      const queue = new Map<number, OutboxEntry>();
      for (const entry of read) if (entry.id !== undefined) queue.set(entry.id, entry);
      // This tab's entries written while the read ran (their write may have committed after it began).
      for (const [id, entry] of during) if (!queue.has(id)) queue.set(id, entry);
      this.queue = queue;
    } finally {
      this.addedDuringRead = undefined;
    }
  }

  /** One round over the queue: sends every entry that is due and free to go. */
  private async pass(): Promise<{ progressed: boolean; nextDue: number }> {
    const t = this.now();
    if (this.stopped) return { progressed: false, nextDue: Infinity };
    if (!(this.deps.isOnline ?? browserOnline)()) {
      if (this.queue && this.queue.size > 0) this.deps.onNetworkWait?.();
      return { progressed: false, nextDue: Infinity };
    }
    if (this.live.pausedUntil > t) return { progressed: false, nextDue: this.live.pausedUntil };

    const queued = [...(this.queue?.values() ?? [])].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    const anyBefore = new Set<string>();
    const barrierBefore = new Set<string>();
    const plan: OutboxEntry[] = [];
    let nextDue = Number.POSITIVE_INFINITY;
    for (const entry of queued) {
      const target = entry.target;
      const blocked = target !== null && (entry.commutes ? barrierBefore.has(target) : anyBefore.has(target));
      if (target !== null) {
        anyBefore.add(target);
        if (!entry.commutes) barrierBefore.add(target);
      }
      if (blocked || this.live.sending.has(entry.id ?? -1)) continue;
      if (entry.nextAttemptAt > t) {
        nextDue = Math.min(nextDue, entry.nextAttemptAt);
        continue;
      }
      plan.push(entry);
    }
    if (plan.length === 0) return { progressed: false, nextDue };

    // The plan holds no two entries that must keep their order (see above): they may overlap.
    let next = 0;
    let halt: 'offline' | 'stop' | undefined;
    let progressed = false;
    const worker = async () => {
      while (!halt && !this.stopped && next < plan.length) {
        const outcome = await this.sendOne(plan[next++]!);
        if (outcome === 'offline' || outcome === 'stop') halt = outcome;
        else progressed = true;
      }
    };
    const width = Math.min(Math.max(1, this.deps.concurrency ?? DEFAULT_CONCURRENCY), plan.length);
    await Promise.all(Array.from({ length: width }, worker));
    if (halt === 'stop') return { progressed: false, nextDue: Number.POSITIVE_INFINITY };
    if (halt === 'offline') return { progressed: false, nextDue: this.live.pausedUntil };
    return { progressed, nextDue };
  }

  private async sendOne(entry: OutboxEntry): Promise<'done' | Failure> {
    const id = entry.id!;
    this.setLive({ sending: new Set(this.live.sending).add(id) });
    try {
      const data = await this.deps.send(entry, this.abort.signal);
      if (this.stopped) return 'stop';
      this.networkFailures = 0;
      // Answers are written a few at a time: one disk flush for many scans. The entry stays
      // "sending" until then; a crash before the write only means it is sent again, and the
      // server answers a known key with its stored answer.
      this.queue?.delete(id);
      await this.answered(entry, {
        state: 'done',
        result: data ?? null,
        status: 200,
        message: null,
        answeredAt: new Date(this.now()).toISOString(),
      });
      return 'done';
    } catch (error) {
      if (this.stopped) return 'stop';
      const failure = (this.deps.classify ?? classifyFailure)(error);
      const message = messageOfError(error);
      const status = statusOfError(error);
      const now = this.now();
      const random = this.deps.random ?? Math.random;
      let changes: Partial<OutboxEntry> | undefined;
      if (failure === 'attention') {
        this.queue?.delete(id);
        changes = { state: 'attention', message, status, answeredAt: new Date(now).toISOString() };
      } else if (failure === 'retry') {
        const attempts = entry.attempts + 1;
        changes = { attempts, nextAttemptAt: now + backoffMs(attempts, random), message, status };
      } else if (failure === 'offline') {
        this.networkFailures += 1;
        changes = { attempts: entry.attempts + 1, message, status: 0 };
        this.setLive({ pausedUntil: now + backoffMs(this.networkFailures, random) });
        this.deps.onNetworkWait?.();
      }
      if (changes) {
        const changed = { ...entry, ...changes };
        if (changed.state === 'queued' && this.queue?.has(id)) this.queue.set(id, changed);
        await this.relaxedDb.entries.update(id, changes);
        this.wasWritten([changed]);
      }
      return failure;
    } finally {
      if (!this.unwritten.has(id)) this.notSending([id]);
    }
  }

  private notSending(ids: readonly number[]): void {
    const sending = new Set(this.live.sending);
    for (const id of ids) sending.delete(id);
    this.setLive({ sending });
  }

  /** Records a success; the write happens with the next few (flushAnswers). */
  private answered(entry: OutboxEntry, changes: Partial<OutboxEntry>): Promise<void> {
    if (this.unwritten.size === 0) this.firstUnwrittenAt = this.now();
    this.unwritten.set(entry.id!, { entry, changes });
    if (this.unwritten.size >= ANSWER_BATCH) return this.flushAnswers();
    this.planFlush();
    return Promise.resolve();
  }

  /**
   * The answers' write: ANSWER_FLUSH_MS after the last answer, within ANSWER_FLUSH_MAX_MS of the
   * first. While scans come in (one within SCANS_QUIET_MS), the next scan's write takes them along
   * (wasAdded), and the timer only bounds their wait.
   */
  private planFlush(): void {
    clearTimeout(this.flushTimer);
    const deadline = this.firstUnwrittenAt + (this.deps.answerFlushMaxMs ?? ANSWER_FLUSH_MAX_MS) - this.now();
    const scanning = this.now() - this.lastAddedAt < SCANS_QUIET_MS;
    const wait = scanning ? deadline : Math.min(ANSWER_FLUSH_MS, deadline);
    this.flushTimer = setTimeout(() => void this.flushAnswers().catch(() => undefined), Math.max(0, wait));
  }

  /** Writes the answers received since the last write, in one transaction. */
  protected async flushAnswers(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.unwritten.size === 0) return this.flushing;
    const batch = [...this.unwritten];
    this.unwritten.clear();
    const write: Promise<void> = (this.flushing ?? Promise.resolve())
      .then(async () => {
        await this.relaxedDb.entries.bulkUpdate(batch.map(([key, { changes }]) => ({ key, changes })));
        this.wasWritten(batch.map(([, { entry, changes }]) => ({ ...entry, ...changes })));
      })
      .finally(() => {
        if (this.flushing === write) this.flushing = undefined;
        this.notSending(batch.map(([id]) => id));
      });
    this.flushing = write;
    return write;
  }
}
