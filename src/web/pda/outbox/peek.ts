/** The outbox's IndexedDB database (Dexie's, db.ts). */
export const OUTBOX_DB_NAME = 'pda-outbox';

export interface OutboxPeek {
  queued: number;
  attention: number;
}

/**
 * Counts `userId`'s queued entries and those that need attention straight from IndexedDB, without
 * Dexie (db.ts): the PDA's start screen (pda/start) shows them at once and loads the outbox's code
 * at once only when something waits to be sent. Never creates the database (a first start finds
 * none: nothing waits). Undefined when it cannot tell (no IndexedDB, another layout).
 */
export function peekOutbox(userId: number, name = OUTBOX_DB_NAME): Promise<OutboxPeek | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      return resolve(undefined);
    }
    let created = false;
    request.onupgradeneeded = () => {
      // No such database: leave none behind (Dexie makes it with its schema).
      created = true;
      request.transaction?.abort();
    };
    request.onerror = () => resolve(created ? { queued: 0, attention: 0 } : undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const db = request.result;
      // Dexie upgrading the database in another tab must not wait for this connection.
      db.onversionchange = () => db.close();
      try {
        const index = db.transaction('entries', 'readonly').objectStore('entries').index('[userId+state]');
        const queued = index.count(IDBKeyRange.only([userId, 'queued']));
        const attention = index.count(IDBKeyRange.only([userId, 'attention']));
        attention.onsuccess = () => {
          resolve({ queued: queued.result, attention: attention.result });
          db.close();
        };
        attention.onerror = queued.onerror = () => {
          resolve(undefined);
          db.close();
        };
      } catch {
        db.close();
        resolve(undefined);
      }
    };
  });
}
