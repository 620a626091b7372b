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
