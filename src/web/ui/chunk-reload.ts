/**
 * Spec 2: a chunk that fails to load (a new version was deployed and the old files are gone)
 * reloads the page, once: a second failure soon after the reload shows the error page instead of
 * reloading for ever.
 */
const KEY = 'chunk-reload-at';
const GUARD_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now?: number;
  reload?: () => void;
}

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reloads the page unless it was reloaded for this reason within the last minute; true if it did. */
export function reloadOnce({
  storage = sessionStore(),
  now = Date.now(),
  reload = () => window.location.reload(),
}: ReloadDeps = {}): boolean {
  // Without storage the guard cannot hold: better the error page than a reload loop.
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(KEY));
    if (last && now - last >= 0 && now - last < GUARD_MS) return false;
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
