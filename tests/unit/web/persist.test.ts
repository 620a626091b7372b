import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/shared/contract/system.ts';
import { restoreQueries, STORAGE_KEY, saveQueries } from '../../../src/web/api/persist.ts';
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

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('persisted answers', () => {
  it('keep the menus across a reload, and nothing else', () => {
    const storage = memoryStorage();
    const before = new QueryClient();
    saveQueries(before, storage);
    before.setQueryData(menusKey, menus);
    before.setQueryData(['order', 'list'], { records: [] });
    vi.advanceTimersByTime(600);

    const after = new QueryClient();
    restoreQueries(after, storage);
    expect(after.getQueryData(menusKey)).toEqual(menus);
    expect(after.getQueryData(['order', 'list'])).toBeUndefined();
  });

  it('are dropped when the cache is cleared (logout)', () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    saveQueries(client, storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    expect(storage.getItem(STORAGE_KEY)).not.toBeNull();
    client.clear();
    vi.advanceTimersByTime(600);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('are written when an answer changes, not when screens observe them again', () => {
    const storage = memoryStorage();
    const setItem = vi.spyOn(storage, 'setItem');
    const client = new QueryClient();
    saveQueries(client, storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(1);
    // A screen rendered again hands its query new options (a new function): nothing saved changed.
    const options = () => ({ queryKey: menusKey, queryFn: () => menus, staleTime: Number.POSITIVE_INFINITY });
    const observer = new QueryObserver(client, options());
    const stop = observer.subscribe(() => undefined);
    for (let i = 0; i < 5; i += 1) observer.setOptions(options());
    stop();
    client.setQueryData(['order', 'list'], { records: [] });
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(1);
    client.setQueryData(menusKey, [...menus, { ...menus[0]!, recId: 2 }]);
    vi.advanceTimersByTime(600);
    expect(setItem).toHaveBeenCalledTimes(2);
  });

  it('ignore a save older than a week', () => {
    const storage = memoryStorage();
    const client = new QueryClient();
    saveQueries(client, storage);
    client.setQueryData(menusKey, menus);
    vi.advanceTimersByTime(600);
    const fresh = new QueryClient();
    restoreQueries(fresh, storage, Date.now() + 8 * 24 * 3600_000);
    expect(fresh.getQueryData(menusKey)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });
});
