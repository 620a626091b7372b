import { describe, expect, it } from 'vitest';
import { deleteOutdatedCaches } from 'workbox-precaching/utils/deleteOutdatedCaches.js';
import { type BundleFile, groupBundle, groupEntries } from '../../../scripts/precache-groups.ts';
import {
  cacheKeyOf,
  legacySurfaceCacheName,
  type PrecacheEntry,
  SurfaceCache,
  surfaceCacheName,
} from '../../../src/web/sw/surface-cache.ts';

const file = (fileName: string, more: Partial<BundleFile> = {}): BundleFile => ({ fileName, ...more });

describe('groupBundle', () => {
  const bundle = [
    file('assets/index.js', {
      isEntry: true,
      imports: ['assets/react.js'],
      dynamicImports: ['assets/pda-route.js', 'assets/desk-route.js', 'assets/workbox-window.js'],
      importedCss: ['assets/index.css'],
    }),
    file('assets/light.js', {
      isEntry: true,
      imports: ['assets/react.js'],
      dynamicImports: ['assets/messages-pda.js', 'assets/messages-desk.js'],
    }),
    file('assets/react.js'),
    file('assets/index.css'),
    file('assets/workbox-window.js', { facadeModuleId: '/x/node_modules/workbox-window/build/w.mjs' }),
    file('assets/messages-pda.js', { facadeModuleId: '/x/locales/en/messages.po?surface=pda' }),
    file('assets/messages-desk.js', { facadeModuleId: '/x/locales/en/messages.po?surface=desk' }),
    file('assets/pda-route.js', {
      facadeModuleId: '/x/src/web/routes/pda.tsx?tsr-split=component',
      imports: ['assets/react.js', 'assets/konsta.js', 'assets/index.js'],
      dynamicImports: ['assets/zxing.js'],
      importedCss: ['assets/pda.css'],
    }),
    file('assets/pda-start.js', {
      isEntry: true,
      facadeModuleId: '/x/pda.html',
      imports: ['assets/react.js', 'assets/konsta.js'],
      dynamicImports: ['assets/index.js', 'assets/dexie.js'],
      importedCss: ['assets/pda.css'],
    }),
    file('assets/dexie.js'),
    file('assets/konsta.js'),
    file('assets/pda.css'),
    file('assets/zxing.js', { importedAssets: ['assets/zxing.wasm'] }),
    file('assets/zxing.wasm'),
    file('assets/desk-route.js', {
      facadeModuleId: '/x/src/web/routes/_desk.tsx?tsr-split=component',
      imports: ['assets/antd.js', 'assets/konsta.js'],
    }),
    file('assets/antd.js'),
    file('index.html'),
    file('light.html'),
    file('pda.html'),
  ];
  const groups = groupBundle(bundle);

  it('puts what the entries import statically, the SW registration and the light catalogue in core', () => {
    for (const name of [
      'assets/index.js',
      'assets/light.js',
      'assets/react.js',
      'assets/index.css',
      'assets/workbox-window.js',
      'assets/messages-pda.js',
      'index.html',
      'light.html',
      'pda.html',
    ])
      expect(groups.get(name), name).toBe('core');
  });

  it("puts what the PDA's routes reach, lazily too, in pda, and stops at core", () => {
    for (const name of ['assets/pda-route.js', 'assets/konsta.js', 'assets/pda.css', 'assets/zxing.js'])
      expect(groups.get(name), name).toBe('pda');
  });

  it("puts the PDA start screen's entry (pda.html) and what it reaches past core in pda", () => {
    for (const name of ['assets/pda-start.js', 'assets/dexie.js']) expect(groups.get(name), name).toBe('pda');
  });

  it('leaves the rest to the desk', () => {
    for (const name of ['assets/desk-route.js', 'assets/antd.js', 'assets/messages-desk.js'])
      expect(groups.get(name), name).toBe('desk');
  });

  it('drops the .wasm from the manifest and sends files outside the bundle to core', () => {
    const entries = groupEntries(
      [
        { url: 'assets/zxing.wasm', revision: null },
        { url: 'assets/antd.js', revision: null },
        { url: 'icons/icon-192.png', revision: 'abc' },
      ],
      groups,
    );
    expect(entries).toEqual([
      { url: 'assets/antd.js', revision: null, group: 'desk' },
      { url: 'icons/icon-192.png', revision: 'abc', group: 'core' },
    ]);
  });
});

/** Cache Storage in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      put: async (key: RequestInfo | URL, response: Response) => {
        entries.set(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url, response);
      },
      match: async (key: RequestInfo | URL) =>
        entries.get(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url)?.clone(),
      delete: async (key: RequestInfo | URL) =>
        entries.delete(typeof key === 'string' ? key : key instanceof URL ? key.href : key.url),
    }) as unknown as Cache;
  const storage = {
    keys: async () => [...stores.keys()],
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}

describe('SurfaceCache', () => {
  const scope = 'https://pbo.test/';
  const manifest = (version: string): PrecacheEntry[] => [
    { url: 'index.html', revision: version, group: 'core' },
    { url: 'assets/pda-a.js', revision: null, group: 'pda' },
    { url: `assets/pda-${version}.js`, revision: null, group: 'pda' },
    { url: 'assets/desk-a.js', revision: null, group: 'desk' },
  ];

  function setup(version: string, storage = memoryCaches()) {
    const fetched: string[] = [];
    const fetch = async (request: Request) => {
      fetched.push(new URL(request.url).pathname);
      return new Response(`body of ${request.url}`);
    };
    return {
      ...storage,
      fetched,
      cache: new SurfaceCache(manifest(version), { caches: storage.storage, fetch, scope }),
    };
  }

  it("keeps one surface's files, and drops the other's", async () => {
    const { cache, fetched, stores } = setup('v1');
    await cache.keep('desk');
    expect(fetched).toEqual(['/assets/desk-a.js']);
    expect(await cache.kept()).toEqual(['desk']);
    await cache.keep('pda');
    expect(await cache.kept()).toEqual(['pda']);
    expect([...stores.get(surfaceCacheName('pda', scope))!.keys()].sort()).toEqual([
      'https://pbo.test/assets/pda-a.js',
      'https://pbo.test/assets/pda-v1.js',
    ]);
    expect(await (await cache.match('https://pbo.test/assets/pda-a.js'))?.text()).toBe(
      'body of https://pbo.test/assets/pda-a.js',
    );
    expect(await cache.match('https://pbo.test/assets/desk-a.js')).toBeUndefined();
  });

  it('an update fetches only the changed files and prunes the old ones', async () => {
    const first = setup('v1');
    await first.cache.keep('pda');
    const second = setup('v2', first);
    expect(await second.cache.fill('pda')).toBe(1);
    expect(second.fetched).toEqual(['/assets/pda-v2.js']);
    expect(await second.cache.prune()).toBe(1);
    expect([...first.stores.get(surfaceCacheName('pda', scope))!.keys()].sort()).toEqual([
      'https://pbo.test/assets/pda-a.js',
      'https://pbo.test/assets/pda-v2.js',
    ]);
  });

  it("outlives Workbox's clean-up of outdated precaches at an activation (sw.ts)", async () => {
    const { cache, storage, stores } = setup('v1');
    await cache.keep('pda');
    const global = globalThis as { self?: unknown };
    const saved = global.self;
    global.self = { caches: storage, registration: { scope } };
    try {
      await deleteOutdatedCaches(`workbox-precache-v2-${scope}`);
    } finally {
      global.self = saved;
    }
    expect(await cache.kept()).toEqual(['pda']);
    expect(stores.get(surfaceCacheName('pda', scope))?.size).toBe(2);
  });

  it("fills a device of an earlier version (the cache's earlier name) under the new name", async () => {
    const { cache, storage, stores } = setup('v1');
    await storage.open(legacySurfaceCacheName('pda', scope));
    expect(await cache.kept()).toEqual(['pda']);
    expect(await cache.fill('pda')).toBe(2);
    expect(stores.get(surfaceCacheName('pda', scope))?.size).toBe(2);
  });

  it('a failed fetch rejects, and the next call fetches only what is missing', async () => {
    const memory = memoryCaches();
    let fail = true;
    const fetched: string[] = [];
    const cache = new SurfaceCache(manifest('v1'), {
      caches: memory.storage,
      scope,
      fetch: async (request) => {
        fetched.push(new URL(request.url).pathname);
        if (fail && request.url.endsWith('pda-v1.js')) return new Response('', { status: 503 });
        return new Response('ok');
      },
    });
    await expect(cache.keep('pda')).rejects.toThrow(/503/);
    fail = false;
    fetched.length = 0;
    expect(await cache.keep('pda')).toBe(1);
    expect(fetched).toEqual(['/assets/pda-v1.js']);
  });

  it('keys revisioned files as Workbox does', () => {
    expect(cacheKeyOf({ url: 'index.html', revision: 'r1' }, scope)).toBe(
      'https://pbo.test/index.html?__WB_REVISION__=r1',
    );
    expect(cacheKeyOf({ url: 'assets/a.js', revision: null }, scope)).toBe('https://pbo.test/assets/a.js');
  });
});
