/**
 * Asks the browser to keep this site's storage (IndexedDB: the PDA's unsent scans) even when the
 * device runs low on space (`navigator.storage.persist()`). Called at login, inside the click, so
 * browsers that ask the user can. Resolves true when granted, false when refused, undefined when
 * the browser has no such API.
 */
export async function requestPersistentStorage(): Promise<boolean | undefined> {
  try {
    const storage = globalThis.navigator?.storage;
    if (!storage?.persist) return undefined;
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return undefined;
  }
}

/** Whether the storage is kept (see above); undefined when the browser cannot tell. */
export async function isStoragePersistent(): Promise<boolean | undefined> {
  try {
    const storage = globalThis.navigator?.storage;
    return storage?.persisted ? await storage.persisted() : undefined;
  } catch {
    return undefined;
  }
}

let kept: boolean | undefined;
let checking: Promise<void> | undefined;

/**
 * Asks once whether the storage is kept, waiting at most 300 ms: the PDA's frame waits for this
 * before its first render, so its storage notice is in that render and shifts nothing (a notice
 * that came a moment later pushed the task tiles down: CLS 0.08 in Lighthouse's mobile run).
 */
export function checkStorageOnce(): Promise<void> {
  checking ??= Promise.race([
    isStoragePersistent().then((value) => {
      kept = value;
    }),
    new Promise<void>((done) => setTimeout(done, 300)),
  ]);
  return checking;
}

/** What checkStorageOnce found, once it has answered. */
export const storageKeptAtStart = (): boolean | undefined => kept;
