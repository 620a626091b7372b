import { addUnique } from './add-unique.ts';
import type { EntryState, OutboxEntry, ScanMarks } from './db.ts';
import { DEFAULT_KEEP_DONE_MS, DEFAULT_POLL_MS, OutboxDrain } from './drain.ts';
import { type NewEntry, newOutboxEntry } from './new-entry.ts';
import type { ScanPace } from './on-change.ts';

/**
 * The PDA's offline outbox: every action is written to IndexedDB first (with a UUID that goes to
 * the server as Idempotency-Key), shown at once, and then sent whenever the browser is online —
 * on start, on the `online` event, right after each new entry, and on a timer; and, where the
 * browser has Background Sync, from the service worker once the network returns, even with the
 * app closed (background-sync.ts; the same class drains there, under the same lock).
 *
 * This class is what the screens use: start and stop, new entries, the operator's retry and
 * discard. How the queue is sent (order, planning, answers) is its base, drain.ts.
 */
export class Outbox extends OutboxDrain {
  private readonly addedListeners = new Set<(entry: OutboxEntry) => void>();
  /** This tab's scans being written now. */
  private adding = 0;
  private poll: ReturnType<typeof setInterval> | undefined;
  /** The send and the answers' write after a new entry (wasAdded). */
  private afterAdded: ReturnType<typeof setTimeout> | undefined;
  private readonly onOnline = () => {
    this.networkFailures = 0;
    this.setLive({ pausedUntil: 0 });
    this.readAgain = true;
    void this.run();
  };

  /** Starts sending: now, on `online`, and on the timer. Answered entries past their time are pruned. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.abort = new AbortController();
    this.events()?.addEventListener('online', this.onOnline);
    this.poll = setInterval(() => {
      this.readAgain = true;
      void this.run();
    }, this.deps.pollMs ?? DEFAULT_POLL_MS);
    await this.prune();
    await this.drain();
  }

  /** Stops sending (logout, another user): calls in flight are cut; their entries stay queued. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    void this.flushAnswers().catch(() => undefined);
    this.abort.abort();
    this.events()?.removeEventListener('online', this.onOnline);
    clearInterval(this.poll);
    clearTimeout(this.timer);
    clearTimeout(this.afterAdded);
    this.poll = this.timer = this.afterAdded = undefined;
  }

  private events() {
    return this.deps.events ?? (typeof window === 'undefined' ? undefined : window);
  }

  get isStarted(): boolean {
    return !this.stopped;
  }

  /** When this tab last wrote a new entry (epoch ms), and whether a scan's write is under way. */
  get scanning(): ScanPace {
    return { lastAddedAt: this.lastAddedAt, adding: this.adding > 0 };
  }

  /** Answer writes committed so far: a read of IndexedDB begun after the n-th has seen it. */
  get writtenCount(): number {
    return this.written;
  }

  /** Writes a new action to the outbox (the caller may show it once this resolves) and sends it. */
  async enqueue(input: NewEntry): Promise<OutboxEntry> {
    const entry = this.newEntry(input);
    entry.id = await this.db.entries.add(entry);
    this.wasAdded(entry);
    return entry;
  }

  /**
   * Writes a scan unless this user already has an entry for the same code in the same target (in
   * one of `states`, if given), and sends it. The check and the write are one transaction: a code
   * scanned twice at once (two tabs) goes in once. Resolves with the entry written, or the earlier.
   */
  async enqueueUnique(
    input: NewEntry & ScanMarks & { target: string; code: string },
    states?: readonly EntryState[],
  ): Promise<{ added: OutboxEntry } | { earlier: OutboxEntry }> {
    const { target, code, snapshot } = input;
    const entry = { ...this.newEntry(input), target, code, snapshot };
    this.adding += 1;
    try {
      const outcome = await addUnique(this.db, entry, states);
      if ('added' in outcome) this.wasAdded(outcome.added);
      return outcome;
    } finally {
      this.adding -= 1;
    }
  }

  /**
   * Hears of each entry this tab writes, once it is committed: a scan screen shows its row at once,
   * before its live query (which also sees other tabs' writes) has read the outbox again.
   */
  onAdded = (listener: (entry: OutboxEntry) => void): (() => void) => {
    this.addedListeners.add(listener);
    return () => {
      this.addedListeners.delete(listener);
    };
  };

  private newEntry(input: NewEntry): OutboxEntry {
    const key = (this.deps.newKey ?? (() => crypto.randomUUID()))();
    return newOutboxEntry(input, this.userId, key, input.scannedAt ?? new Date(this.now()).toISOString());
  }

  private wasAdded(entry: OutboxEntry): void {
    this.lastAddedAt = this.now();
    if (entry.state === 'queued' && entry.id !== undefined) {
      this.queue?.set(entry.id, entry);
      this.addedDuringRead?.set(entry.id, entry);
    }
    for (const listener of this.addedListeners) listener(entry);
    // The task that drew the row (the listeners) ends there: the send and the answers waiting to be
    // written go in a task of their own, so the row is on screen without waiting for them
    // (bench/README.md, 2026-11-29). The answers go then, right after a scan's own write and its
    // row: the operator is aiming at the next parcel, and a write begun later could hold that
    // scan's back.
    this.afterAdded ??= setTimeout(() => {
      this.afterAdded = undefined;
      if (this.unwritten.size > 0) void this.flushAnswers().catch(() => undefined);
      void this.run();
    }, 0);
  }

  /**
   * Sends a refused entry again, e.g. once the order exists. It goes with a new key: the server
   * keeps the refusal under the old one and would only repeat it, and a refusal changed nothing,
   * so nothing can be applied twice.
   */
  async retry(id: number): Promise<void> {
    const entry = await this.db.entries.get(id);
    if (!entry || entry.userId !== this.userId || entry.state === 'done') return;
    if (entry.state === 'attention') {
      await this.db.entries.update(id, {
        state: 'queued',
        key: (this.deps.newKey ?? (() => crypto.randomUUID()))(),
        attempts: 0,
        nextAttemptAt: 0,
      });
    } else {
      // Waiting after a failure: try it now, with its own key.
      await this.db.entries.update(id, { nextAttemptAt: 0 });
      this.networkFailures = 0;
      this.setLive({ pausedUntil: 0 });
    }
    await this.drain();
  }

  /** Retries every refused entry of this user. */
  async retryAll(): Promise<void> {
    const refused = await this.db.entries
      .where('[userId+state]')
      .equals([this.userId, 'attention'])
      .toArray();
    for (const entry of refused) if (entry.id !== undefined) await this.retry(entry.id);
  }

  /** The operator gives up an entry that is not answered yet (not while it is being sent). */
  async discard(id: number): Promise<boolean> {
    if (this.live.sending.has(id)) return false;
    return this.db.transaction('rw', this.db.entries, async () => {
      const entry = await this.db.entries.get(id);
      if (!entry || entry.userId !== this.userId || entry.state === 'done') return false;
      await this.db.entries.delete(id);
      this.queue?.delete(id);
      return true;
    });
  }

  /** Entries not yet answered with success: queued or waiting for the operator (index counts only). */
  async unsentCount(): Promise<number> {
    const count = (state: EntryState) =>
      this.db.entries.where('[userId+state]').equals([this.userId, state]).count();
    const [queued, attention] = await Promise.all([count('queued'), count('attention')]);
    return queued + attention;
  }

  /**
   * Reads the queue from IndexedDB (what other tabs queued too) and sends what is due; resolves when
   * nothing more can be sent now and the answers are written.
   */
  drain(): Promise<void> {
    this.readAgain = true;
    this.flushAtEnd = true;
    return this.run();
  }

  private async prune(): Promise<void> {
    const cutoff = new Date(this.now() - (this.deps.keepDoneMs ?? DEFAULT_KEEP_DONE_MS)).toISOString();
    await this.relaxedDb.entries
      .where('[userId+state]')
      .equals([this.userId, 'done'])
      .filter((entry) => (entry.answeredAt ?? '') < cutoff)
      .delete();
  }
}
