import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../shared/contract/auth.ts';
import { AccountType } from '../shared/domain/enums.ts';
import { SURFACES, type Surface, surfaceCacheName } from './sw/surface-cache.ts';

/**
 * The service worker and its updates. A new version never reloads the page by itself: it waits
 * (vite.config.ts: `registerType: 'prompt'`, no `skipWaiting`) until the user accepts it through
 * `usePwaUpdate().accept()`, and it is not even offered while a blocker holds it back — the PDA
 * outbox registers one so that a scan session with unsent entries is never reloaded:
 *
 *   const release = setUpdateBlocker(() => outbox.unsentCount() > 0);
 *   outbox.onChange(() => updateBlockersChanged());   // re-ask the blockers
 *   // on unmount / logout: release()
 */

/** vite-plugin-pwa's default worker name and scope (vite.config.ts leaves `filename` as is). */
const SW_URL = '/sw.js';
const SW_SCOPE = '/';

/** A page left open all day never navigates, and navigations are when browsers look for a new worker. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The part of workbox-window's `Workbox` the update store uses (a fake stands in for it in tests). */
export interface UpdateSource {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  messageSkipWaiting(): void;
}

export interface PwaUpdateState {
  /** A new version is ready and nothing holds it back: offer it. */
  updateReady: boolean;
  /** The user accepted; the page reloads once the new version controls it. */
  applying: boolean;
}

export interface PwaUpdate extends PwaUpdateState {
  /** Applies the update; false (and nothing happens) when none is ready or a blocker holds it. */
  accept: () => boolean;
}

/**
 * idle: nothing new. waiting: a new worker waits for us. replaced: another tab of the app
 * accepted, so a new worker already controls this page, which still runs the old code.
 */
type Phase = 'idle' | 'waiting' | 'replaced' | 'accepted' | 'reloading';

export function createUpdateStore(reload: () => void = () => window.location.reload()) {
  let source: UpdateSource | undefined;
  let phase: Phase = 'idle';
  const blockers = new Set<() => boolean>();
  const listeners = new Set<() => void>();
  let state: PwaUpdateState = { updateReady: false, applying: false };

  // A blocker that fails cannot prove there is nothing unsent: treat it as holding.
  const blocked = () =>
    [...blockers].some((isBlocking) => {
      try {
        return isBlocking();
      } catch {
        return true;
      }
    });

  function refresh(): void {
    const next: PwaUpdateState = {
      updateReady: (phase === 'waiting' || phase === 'replaced') && !blocked(),
      applying: phase === 'accepted' || phase === 'reloading',
    };
    if (next.updateReady === state.updateReady && next.applying === state.applying) return;
    state = next;
    for (const listener of listeners) listener();
  }

  function reloadOnce(): void {
    phase = 'reloading';
    refresh();
    reload();
  }

  return {
    connect(next: UpdateSource): void {
      source = next;
      next.addEventListener('waiting', () => {
        if (phase === 'idle') phase = 'waiting';
        refresh();
      });
      next.addEventListener('controlling', (event) => {
        if (phase === 'accepted') reloadOnce();
        // A first install taking control is not an update; a new worker we did not accept is.
        else if (event.isUpdate && phase !== 'reloading') {
          phase = 'replaced';
          refresh();
        }
      });
    },
    accept(): boolean {
      if ((phase !== 'waiting' && phase !== 'replaced') || blocked()) {
        refresh();
        return false;
      }
      if (phase === 'replaced') {
        reloadOnce();
        return true;
      }
      phase = 'accepted';
      refresh();
      source?.messageSkipWaiting();
      return true;
    },
    setBlocker(isBlocking: () => boolean): () => void {
      // A fresh wrapper per call, so registering the same function twice needs two releases.
      const entry = () => isBlocking();
      blockers.add(entry);
      refresh();
      return () => {
        blockers.delete(entry);
        refresh();
      };
    },
    refresh,
    getState: (): PwaUpdateState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const updates = createUpdateStore();

/**
 * Holds a ready update back while `isBlocking()` returns true (it is asked whenever the update
 * state is computed). Returns the function that removes the blocker.
 */
export function setUpdateBlocker(isBlocking: () => boolean): () => void {
  return updates.setBlocker(isBlocking);
}

/** Tell the update store that a blocker's answer may have changed (e.g. the outbox drained). */
export function updateBlockersChanged(): void {
  updates.refresh();
}

export function usePwaUpdate(): PwaUpdate {
  const state = useSyncExternalStore(updates.subscribe, updates.getState, updates.getState);
  return { ...state, accept: updates.accept };
}

let registering: Promise<void> | undefined;

/**
 * Registers the service worker (app.tsx and the PDA's light start call this in production builds
 * only), once a page: the light start's app, started later, calls it again.
 */
export function registerServiceWorker(): Promise<void> {
  registering ??= register();
  return registering;
}

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: SW_SCOPE });
    updates.connect(wb);
    await wb.register();
    setInterval(() => {
      if (navigator.onLine) wb.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
  } catch {
    // No worker (private mode, blocked, script failed): the app still works, only not offline.
  }
}

/** The surface an account works on: its device keeps that surface's code (sw.ts). */
export function surfaceOf(user: Pick<SessionUser, 'type'>): Surface {
  return user.type === AccountType.pda ? 'pda' : 'desk';
}

/** How long the page waits for the worker to have kept a surface's files. */
const KEEP_SURFACE_TIMEOUT_MS = 120_000;

/**
 * Marks this device as one of `surface`'s: its group's cache is made (empty) and the other
 * surface's dropped. A worker being installed fills the groups whose cache is there (sw.ts), so
 * on a first visit with a session the worker is ready only once the surface's files are kept.
 */
export async function markSurface(surface: Surface): Promise<void> {
  if (typeof caches === 'undefined') return;
  const scope = new URL(SW_SCOPE, location.href).href;
  try {
    await caches.open(surfaceCacheName(surface, scope));
    for (const other of SURFACES) if (other !== surface) await caches.delete(surfaceCacheName(other, scope));
  } catch {
    // No Cache Storage (private mode): the app works online only.
  }
}

/**
 * Keeps the files of `surface` on this device and drops the other surface's (markSurface), then
 * asks the running worker to fetch what is missing: a PDA account's device never keeps the
 * desk's code. Resolves true once they are all in Cache Storage; false without a worker or when
 * some could not be fetched (the next start asks again). Called on every start with a session and
 * after a login (app.tsx, pda/start).
 */
export async function keepSurface(surface: Surface): Promise<boolean> {
  await markSurface(surface);
  if (!('serviceWorker' in navigator)) return false;
  if (!(await navigator.serviceWorker.getRegistration(SW_SCOPE))) return false;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), KEEP_SURFACE_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ ok?: boolean }>) => {
      clearTimeout(timer);
      resolve(event.data?.ok === true);
    };
    worker.postMessage({ type: 'PRECACHE_SURFACE', surface }, [channel.port2]);
  });
}
