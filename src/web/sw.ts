/**
 * The service worker (vite-plugin-pwa, injectManifest; the manifest comes grouped by surface,
 * scripts/precache-groups.ts).
 *
 * - `core` is precached at install by Workbox, on every device: the shells, the start-up, the
 *   light /login and /search. An update fetches only its changed files (revisioned keys).
 * - The surface's group (`pda` or `desk`) is kept once the page says which surface its account
 *   works on (a PRECACHE_SURFACE message after login, pwa.ts), in a cache of its own; the other
 *   surface's is dropped, so desk code never stays on a PDA account's device, nor is fetched for
 *   it. An update fills the kept group's changed files before it installs.
 * - The camera's WebAssembly is kept the first time the camera fetches it (runtime cache).
 * - Background Sync sends the PDA's queued scans with the app closed (sw/outbox-sync.ts).
 * - Navigations are answered from the precache: /login and /search get the light page, as the
 *   server does, every other path the app's shell. /api/ is never cached.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG } from './pda/outbox/background-sync.ts';
import { replayOutbox } from './sw/outbox-sync.ts';
import { isSurface, type PrecacheEntry, SURFACES, SurfaceCache } from './sw/surface-cache.ts';

/** What this worker uses of ServiceWorkerGlobalScope (the program's lib is the DOM's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: PrecacheEntry[];
  registration: { scope: string };
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
declare const self: WorkerScope;

/** The pages the light entry serves (as the server's LIGHT_PAGES, src/server/app.ts). */
const LIGHT_PAGES = new Set(['/login', '/search']);
/** The PDA's start screen (as the server's PDA_START): its own entry, src/web/pda/start. */
const PDA_START = new Set(['/pda', '/pda/']);
const CAMERA_CACHE = 'pbo-camera';

const manifest = self.__WB_MANIFEST;
const surfaces = new SurfaceCache(manifest, {
  caches,
  fetch: (request) => fetch(request),
  scope: self.registration.scope,
});

// The shells and start-up. (A surface's files are routed below, before Workbox's route.)
registerRoute(
  ({ url, request }) => request.method === 'GET' && surfaces.has(url.origin + url.pathname),
  async ({ url, request }) => (await surfaces.match(url.origin + url.pathname)) ?? fetch(request),
);
precacheAndRoute(manifest.filter((entry) => entry.group === 'core'));
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.destination !== 'document' && /\.wasm$/.test(url.pathname),
  new CacheFirst({
    cacheName: CAMERA_CACHE,
    // One decoder at a time: an update's new one replaces the old.
    plugins: [new ExpirationPlugin({ maxEntries: 1 })],
  }),
);

const shellOf = (path: string) =>
  LIGHT_PAGES.has(path) ? '/light.html' : PDA_START.has(path) ? '/pda.html' : '/index.html';

registerRoute(
  new NavigationRoute(
    async ({ url, request }) => (await matchPrecache(shellOf(url.pathname))) ?? fetch(request),
    { denylist: [/^\/api\//] },
  ),
);

self.addEventListener('install', (event) => {
  // An update brings the kept surface's changed files along before it may take over.
  event.waitUntil(surfaces.kept().then((kept) => Promise.all(kept.map((surface) => surfaces.fill(surface)))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(surfaces.prune());
});

self.addEventListener('message', (event) => {
  const data = (event.data ?? {}) as { type?: unknown; surface?: unknown };
  const reply = (answer: unknown) => event.ports[0]?.postMessage(answer);
  if (data.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (data.type === 'PRECACHE_SURFACE' && isSurface(data.surface)) {
    event.waitUntil(
      surfaces.keep(data.surface).then(
        (fetched) => reply({ ok: true, fetched }),
        (error: unknown) => reply({ ok: false, error: String(error) }),
      ),
    );
  } else if (data.type === 'PRECACHE_GROUPS') {
    reply({
      core: manifest.filter((entry) => entry.group === 'core').map((entry) => entry.url),
      ...Object.fromEntries(SURFACES.map((surface) => [surface, surfaces.urls(surface)])),
    });
  }
});

// Background Sync: the PDA's queued scans, sent once the network returns, even with the app
// closed (pda/outbox/background-sync.ts). A rejection has the browser try again later.
self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(replayOutbox());
});

// The first worker takes the open page at once, so an offline reload right after the first visit
// works; an update still waits for the user (no skipWaiting but on their word, pwa.ts).
clientsClaim();
