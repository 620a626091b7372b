/**
 * The surface groups of the precache (scripts/precache-groups.ts), kept by the service worker in
 * a cache of their own each: `pda` on a PDA account's device, `desk` on a desk user's, never both.
 * Like Workbox's precache, an entry's cache key carries its revision (hashed files are their own
 * revision), so an update fetches only the files that changed and drops the ones that left.
 * Written against the Cache Storage and fetch it is given, so a unit test can run it.
 */

export type Surface = 'pda' | 'desk';
export const SURFACES: readonly Surface[] = ['pda', 'desk'];

export interface PrecacheEntry {
  url: string;
  revision: string | null;
  group: 'core' | Surface;
}

/** Files fetched at once while a group is filled. */
const PARALLEL = 4;

export function isSurface(value: unknown): value is Surface {
  return value === 'pda' || value === 'desk';
}

/**
 * A surface's cache. Not "-precache-" in its name: Workbox's cleanupOutdatedCaches (sw.ts) deletes,
 * at each activation, every cache of the scope whose name has it, but its own precache's; it took
 * the surface's files the install had just brought (the device was without them until the page
 * asked again, online).
 */
export function surfaceCacheName(surface: Surface, scope: string): string {
  return `pbo-surface-${surface}-${scope}`;
}

/** The name before that (a device of an earlier version): Workbox drops it at the activation. */
export function legacySurfaceCacheName(surface: Surface, scope: string): string {
  return `pbo-precache-${surface}-${scope}`;
}

/** Workbox's key: the absolute URL, with `__WB_REVISION__` when the entry has a revision. */
export function cacheKeyOf(entry: Pick<PrecacheEntry, 'url' | 'revision'>, base: string): string {
  const url = new URL(entry.url, base);
  if (entry.revision) url.searchParams.set('__WB_REVISION__', entry.revision);
  return url.href;
}

export interface SurfaceCacheDeps {
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
  /** The worker's scope (absolute URL): entry URLs resolve against it, cache names carry it. */
  scope: string;
}

export class SurfaceCache {
  private readonly deps: SurfaceCacheDeps;
  /** Absolute URL (without revision) → its entry's cache key and group. */
  private readonly byUrl = new Map<string, { key: string; surface: Surface }>();
  private readonly entries: Record<Surface, PrecacheEntry[]> = { pda: [], desk: [] };
  /** A fill under way per surface: a second request for it waits for the same. */
  private readonly filling = new Map<Surface, Promise<number>>();

  constructor(manifest: readonly PrecacheEntry[], deps: SurfaceCacheDeps) {
    this.deps = deps;
    for (const entry of manifest) {
      if (!isSurface(entry.group)) continue;
      this.entries[entry.group].push(entry);
      this.byUrl.set(new URL(entry.url, deps.scope).href, {
        key: cacheKeyOf(entry, deps.scope),
        surface: entry.group,
      });
    }
  }

  private name(surface: Surface): string {
    return surfaceCacheName(surface, this.deps.scope);
  }

  /** The surfaces this device keeps (normally one); under the earlier name too (an update). */
  async kept(): Promise<Surface[]> {
    const names = new Set(await this.deps.caches.keys());
    return SURFACES.filter(
      (surface) =>
        names.has(this.name(surface)) || names.has(legacySurfaceCacheName(surface, this.deps.scope)),
    );
  }

  /**
   * Keeps `surface`'s files on this device (fetching those missing) and drops the other surface's.
   * Resolves with the number of files fetched; rejects when one could not be (the next call
   * fetches what is still missing).
   */
  async keep(surface: Surface): Promise<number> {
    const fetched = await this.fill(surface);
    for (const other of SURFACES) if (other !== surface) await this.deps.caches.delete(this.name(other));
    return fetched;
  }

  /** Fetches the files of `surface` that its cache lacks (e.g. those an update changed). */
  fill(surface: Surface): Promise<number> {
    let run = this.filling.get(surface);
    if (!run) {
      run = this.fetchMissing(surface).finally(() => this.filling.delete(surface));
      this.filling.set(surface, run);
    }
    return run;
  }

  private async fetchMissing(surface: Surface): Promise<number> {
    const cache = await this.deps.caches.open(this.name(surface));
    const have = new Set((await cache.keys()).map((request) => request.url));
    const missing = this.entries[surface].filter((entry) => !have.has(cacheKeyOf(entry, this.deps.scope)));
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const entry = missing[next++]!;
        // A file named by its revision only (not by a hash) is asked past the HTTP cache.
        const request = new Request(new URL(entry.url, this.deps.scope).href, {
          credentials: 'same-origin',
          cache: entry.revision ? 'reload' : 'default',
        });
        const response = await this.deps.fetch(request);
        if (!response.ok) throw new Error(`${entry.url}: ${response.status}`);
        await cache.put(cacheKeyOf(entry, this.deps.scope), response);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, missing.length) }, worker));
    return missing.length;
  }

  /** Removes from the kept surfaces' caches the files this version no longer has. */
  async prune(): Promise<number> {
    let removed = 0;
    for (const surface of await this.kept()) {
      const cache = await this.deps.caches.open(this.name(surface));
      const wanted = new Set(this.entries[surface].map((entry) => cacheKeyOf(entry, this.deps.scope)));
      for (const request of await cache.keys())
        if (!wanted.has(request.url) && (await cache.delete(request))) removed++;
    }
    return removed;
  }

  /** The kept copy of a file of a surface group, if this device keeps it. */
  async match(url: string): Promise<Response | undefined> {
    const hit = this.byUrl.get(url);
    if (!hit) return undefined;
    const names = await this.deps.caches.keys();
    if (!names.includes(this.name(hit.surface))) return undefined;
    return (await (await this.deps.caches.open(this.name(hit.surface))).match(hit.key)) ?? undefined;
  }

  /** Whether the URL (absolute, without search) is a file of a surface group. */
  has(url: string): boolean {
    return this.byUrl.has(url);
  }

  /** The group's files (URLs as in the manifest), for diagnostics and tests. */
  urls(surface: Surface): string[] {
    return this.entries[surface].map((entry) => entry.url);
  }
}
