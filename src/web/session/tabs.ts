import { useSyncExternalStore } from 'react';
import { subscribeSession } from './store.ts';

/**
 * The open tabs of the admin surface (spec: tagsView). The home tab (/admin) is always there and
 * is not stored; every other opened page is one tab. The tabs live in session storage, so a reload
 * keeps them and another browser tab has its own.
 */
export interface Tab {
  /** Identity: the path, or `recId:<n>` for a record opened by query name and recId. */
  key: string;
  /** Where the tab leads: the page's last address, filters included. */
  href: string;
  /** The route pattern (e.g. /admin/order/list/$id), for the translated title. */
  route: string;
  /** A fixed name (the query name or the id) instead of the route's title. */
  label?: string;
}

export const HOME_PATH = '/admin';

/** What the tab rules read from the current location. */
export interface TabSource {
  pathname: string;
  href: string;
  route: string;
  params: Record<string, unknown>;
  search: Record<string, unknown>;
}

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return undefined;
};

/**
 * The tab a location opens (spec 2, tabs), or undefined for the home page:
 * - a page with query `name` and `recId` opens a tab named by that name, one per recId;
 * - a page whose path contains waybillDetail, or that has an id route parameter, opens a tab of
 *   its own, named by the query name or else the id;
 * - any other page opens one tab per path, named by its title.
 */
export function tabFor(source: TabSource): Tab | undefined {
  const pathname = source.pathname.replace(/\/+$/, '') || '/';
  if (pathname === HOME_PATH) return undefined;
  const { href, route } = source;
  const name = text(source.search.name);
  const recId = text(source.search.recId);
  if (name && recId) return { key: `recId:${recId}`, href, route, label: name };
  const id = text(source.params.id);
  if (id !== undefined || pathname.includes('waybillDetail')) {
    const label = name ?? id ?? text(source.search.id) ?? pathname.slice(pathname.lastIndexOf('/') + 1);
    return { key: pathname, href, route, label };
  }
  return { key: pathname, href, route };
}

/** Adds the tab, or (same key) keeps its place and follows it to its new address. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const at = tabs.findIndex((t) => t.key === tab.key);
  if (at < 0) return [...tabs, tab];
  const old = tabs[at]!;
  if (old.href === tab.href && old.label === tab.label && old.route === tab.route) return tabs as Tab[];
  return tabs.map((t, i) => (i === at ? tab : t));
}

/**
 * Closes a tab. When it was the active one, `next` is where to go: the last remaining tab, or
 * the home page when none is left.
 */
export function closeTab(
  tabs: readonly Tab[],
  key: string,
  activeKey: string | undefined,
): { tabs: Tab[]; next?: string } {
  const rest = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: rest };
  return { tabs: rest, next: rest.at(-1)?.href ?? HOME_PATH };
}

/** The menus a set of tabs was opened under: their ids, in a stable order. */
export function menuSignature(recIds: readonly number[]): string {
  return [...recIds].sort((a, b) => a - b).join(',');
}

interface TabsState {
  tabs: Tab[];
  /** menuSignature of the menus loaded when the tabs were opened. */
  menus: string;
}

const STORAGE_KEY = 'tags-view';
const EMPTY: TabsState = { tabs: [], menus: '' };

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function isTab(value: unknown): value is Tab {
  const t = value as Tab;
  return (
    !!t &&
    typeof t.key === 'string' &&
    typeof t.href === 'string' &&
    t.href.startsWith('/') &&
    typeof t.route === 'string' &&
    (t.label === undefined || typeof t.label === 'string')
  );
}

function read(): TabsState {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as Partial<TabsState>;
    const tabs = Array.isArray(value.tabs) ? value.tabs.filter(isTab) : [];
    return { tabs, menus: typeof value.menus === 'string' ? value.menus : '' };
  } catch {
    return EMPTY;
  }
}

let state: TabsState = read();
const listeners = new Set<() => void>();

function set(next: TabsState): void {
  if (next.tabs === state.tabs && next.menus === state.menus) return;
  state = next;
  try {
    const store = storage();
    if (next.tabs.length || next.menus) store?.setItem(STORAGE_KEY, JSON.stringify(next));
    else store?.removeItem(STORAGE_KEY);
  } catch {
    // Not persisted: the tabs still hold until reload.
  }
  for (const listener of listeners) listener();
}

export const tabsStore = {
  get: (): Tab[] => state.tabs,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  open(tab: Tab): void {
    set({ ...state, tabs: openTab(state.tabs, tab) });
  },
  /** Closes a tab; returns where to go when it was the active one. */
  close(key: string, activeKey: string | undefined): string | undefined {
    const { tabs, next } = closeTab(state.tabs, key, activeKey);
    set({ ...state, tabs });
    return next;
  },
  /**
   * The user's menus have loaded (spec: loading menus resets the tabs). Menus other than those the
   * tabs were opened under (another user, changed roles) start again from the current page alone;
   * the same menus again (a reload, a language change) keep the tabs.
   */
  menusLoaded(signature: string, current: Tab | undefined): void {
    if (signature === state.menus) return;
    set({ tabs: current ? [current] : [], menus: signature });
  },
  /** Logout (spec: logout clears the tabs). */
  clear(): void {
    set(EMPTY);
  },
};

subscribeSession((session) => {
  if (!session) tabsStore.clear();
});

export function useTabs(): Tab[] {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}
