import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { BUSTER, persistQueries, STORAGE_KEY } from '../../../src/web/api/persist.ts';
import { queries } from '../../../src/web/api/queries/index.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

const menusKey = queries.system.userMenus('cn').queryKey;
const pdaKey = queries.pda.all();
const menus: MenuItem[] = [
  {
    recId: 1,
    parentId: 0,
    name: 'O',
    nameCn: 'O',
    nameEn: 'O',
    nameAr: 'O',
    type: 1,
    path: '/o',
    perms: '',
    icon: '',
    sort: 0,
  },
];

const saved = (storage: Storage) => JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');

/** The page's `pagehide` listeners (the unit tests run in node, which has none). */
let pagehide: (() => void)[] = [];
const stops: (() => void)[] = [];
async function persisted(client: QueryClient, storage: Storage) {
  stops.push(await persistQueries(client, storage));
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
  pagehide = [];
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'pagehide') pagehide.push(listener);
  });
  vi.stubGlobal('removeEventListener', (type: string, listener: () => void) => {
    if (type === 'pagehide') pagehide = pagehide.filter((l) => l !== listener);
  });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('persisted answers (TanStack persister)', () => {
  it('keep the menus and the PDA bills across a reload, and nothing else', async () => {
    const storage = memoryStorage();
    const before = await persisted(new QueryClient(), storage);
    before.setQueryData(menusKey, menus);
    before.setQueryData([...pdaKey, 'bills', 1], [{ id: 1 }]);
    before.setQueryData(['order', 'list'], { records: [] });
    vi.advanceTimersByTime(600);
    expect(saved(storage)).toMatchObject({ buster: BUSTER });

    const after = await persisted(new QueryClient(), storage);
    expect(after.getQueryData(menusKey)).toEqual(menus);
    expect(after.getQueryData([...pdaKey, 'bills', 1])).toEqual([{ id: 1 }]);
    expect(after.getQueryData(['order', 'list'])).toBeUndefined();
  });

  it('are removed from storage when the cache is cleared (logout)', async () => {
    const storage = memoryStorage();
    const client = await persisted(new QueryClient(), storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull();
    client.clear();
    vi.advanceTimersByTime(600);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('are written at once when the page goes away (a reload within the delay)', async () => {
    const storage = memoryStorage();
    const client = await persisted(new QueryClient(), storage);
    client.setQueryData(menusKey, menus);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    for (const listener of pagehide) listener();
    expect(saved(storage).clientState.queries).toHaveLength(1);
    // A logout that leaves the page (the PDA's goes to the light login page): nothing stays.
    client.clear();
    for (const listener of pagehide) listener();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('are not written when screens only observe them again', async () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, 'setItem');
    const client = await persisted(new QueryClient(), storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(1);
    // A screen rendered again hands its query new options (a new function): nothing saved changed.
    const options = () => ({ queryKey: menusKey, queryFn: () => menus, staleTime: Number.POSITIVE_INFINITY });
    const observer = new QueryObserver(client, options());
    const stop = observer.subscribe(() => undefined);
    for (let i = 0; i < 5; i += 1) observer.setOptions(options());
    stop();
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(1);
    client.setQueryData(menusKey, [...menus, { ...menus[0]!, recId: 2 }]);
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(2);
  });

  it('ignore a save older than a week, or of another buster', async () => {
    const storage = memoryStorage();
    const client = await persisted(new QueryClient(), storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    const raw = storage.getItem(STORAGE_KEY)!;

    vi.setSystemTime(Date.now() + 8 * 24 * 3600_000);
    const late = await persisted(new QueryClient(), storage);
    expect(late.getQueryData(menusKey)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();

    storage.setItem(STORAGE_KEY, JSON.stringify({ ...JSON.parse(raw), buster: 'v1', timestamp: Date.now() }));
    const busted = await persisted(new QueryClient(), storage);
    expect(busted.getQueryData(menusKey)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('drop an unreadable save and go on persisting', async () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, '{not json');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = await persisted(new QueryClient(), storage);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    expect(saved(storage).clientState.queries).toHaveLength(1);
  });
});
