import Dexie, { type EntityTable } from 'dexie';
import type { SessionUser } from '../../../shared/contract/auth.ts';
import type { Locale } from '../../../shared/domain/enums.ts';

/**
 * Background Sync (issue 40): where the browser has it (Chrome on Android), the service worker
 * sends the queued scans when the network returns, even with the app closed (src/web/sw.ts,
 * src/web/sw/outbox-sync.ts), through the same outbox and Idempotency-Keys as the page, so
 * nothing is sent twice; elsewhere the scans go on the next open, as before.
 *
 * The page asks for a sync when its queue waits for the network (Outbox deps.onNetworkWait). The
 * worker cannot read localStorage: the page keeps a copy of the PDA session here for it, the
 * access token and the user, never the refresh token (the worker never renews a session: an
 * expired token leaves the scans for the next open), and removes it at logout.
 */
export const OUTBOX_SYNC_TAG = 'pda-outbox';
export const SYNC_DB_NAME = 'pda-sync';

export interface SyncSession {
  /** Always 1: one session per device. */
  id: number;
  token: string;
  user: SessionUser;
  /** The language the server answers refusals in. */
  locale: Locale;
}

class SyncDb extends Dexie {
  session!: EntityTable<SyncSession, 'id'>;
  constructor() {
    super(SYNC_DB_NAME);
    this.version(1).stores({ session: 'id' });
  }
}

let db: SyncDb | undefined;
const syncDb = () => {
  db ??= new SyncDb();
  return db;
};

/** Keeps (or, given null, removes) the copy of the PDA session the worker sends with. */
export async function keepSyncSession(session: Omit<SyncSession, 'id'> | null): Promise<void> {
  try {
    if (session) await syncDb().session.put({ id: 1, ...session });
    else await syncDb().session.delete(1);
  } catch {
    // No IndexedDB: no Background Sync, the scans go on the next open.
  }
}

export async function readSyncSession(): Promise<SyncSession | undefined> {
  try {
    return await syncDb().session.get(1);
  } catch {
    return undefined;
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

let asked = 0;
/** A page whose queue keeps waiting asks again at most this often. */
const ASK_EVERY_MS = 10_000;

/**
 * Asks the browser for a sync once the network returns, after `prepare` (which keeps the session
 * copy); nothing where there is no Background Sync or no worker. Cheap to call often: it asks at
 * most every ASK_EVERY_MS.
 */
export function requestOutboxSync(prepare: () => Promise<void>, now = Date.now()): void {
  if (now - asked < ASK_EVERY_MS) return;
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !navigator.serviceWorker.controller
  )
    return;
  asked = now;
  void navigator.serviceWorker.ready
    .then(async (registration) => {
      const sync = (registration as unknown as SyncRegistration).sync;
      if (!sync) return;
      await prepare();
      await sync.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => undefined);
}
