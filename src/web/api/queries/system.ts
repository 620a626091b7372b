import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { type AccountOptions, system } from '../../../shared/contract/system.ts';
import { callApi } from '../client.ts';
import { SYSTEM_KEY, USER_MENUS_KEY } from './menu-keys.ts';

export const systemQueries = {
  all: () => SYSTEM_KEY,
  /** The caller's menus in every language: invalidate it after menus, roles or accounts change. */
  userMenusAll: () => USER_MENUS_KEY,
  /**
   * The caller's menu entries, buttons (type 3) included; names in the request's language, so the
   * locale is part of the key (a saved answer in another language is never shown).
   */
  userMenus: (locale: string) =>
    queryOptions({
      queryKey: [...systemQueries.userMenusAll(), locale] as const,
      queryFn: ({ signal }) => callApi(system.getUserMenus, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Every menu entry, for the role editor. */
  allMenus: () =>
    queryOptions({
      queryKey: [...systemQueries.all(), 'getAllMenus'] as const,
      queryFn: ({ signal }) => callApi(system.getAllMenus, { signal }),
    }),
};

// ---- system administration screens (accounts, roles, menus) ----

export type UserFilters = Omit<Body<typeof system.userList>, 'withOptions'>;
export type RoleFilters = Body<typeof system.roleList>;
export type MenuFilters = NonNullable<Body<typeof system.menuList>>;

export const systemKeys = {
  users: () => [...systemQueries.all(), 'user'] as const,
  roles: () => [...systemQueries.all(), 'role'] as const,
  menus: () => [...systemQueries.all(), 'menu'] as const,
};

export const systemListQueries = {
  /** One page of accounts; the previous page stays on screen while the next loads. */
  users: (filters: UserFilters) =>
    queryOptions({
      queryKey: [...systemKeys.users(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(system.userList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The customers and roles the account editor offers (see `accountOptions` in the contract). */
  accountOptions: () =>
    queryOptions({
      queryKey: [...systemKeys.users(), 'options'] as const,
      queryFn: async ({ signal }): Promise<AccountOptions> =>
        (await callApi(system.userList, { body: { pageNo: 1, pageSize: 1, withOptions: true }, signal }))
          .options ?? { customers: [], roles: [] },
      staleTime: 60_000,
    }),
  roles: (filters: RoleFilters) =>
    queryOptions({
      queryKey: [...systemKeys.roles(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(system.roleList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** Menu entries, flat, in the request's language. */
  menus: (filters: MenuFilters) =>
    queryOptions({
      queryKey: [...systemKeys.menus(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(system.menuList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const systemMutations = {
  saveUser: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof system.userSave>) => callApi(system.userSave, { body }),
    }),
  resetPassword: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof system.userUpdatePassword>) =>
        callApi(system.userUpdatePassword, { body }),
    }),
  saveRole: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof system.roleSave>) => callApi(system.roleSave, { body }),
    }),
  deleteRole: () =>
    mutationOptions({ mutationFn: (recId: number) => callApi(system.roleDelete, { body: { recId } }) }),
  saveMenu: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof system.menuSave>) => callApi(system.menuSave, { body }),
    }),
  deleteMenu: () =>
    mutationOptions({ mutationFn: (recId: number) => callApi(system.menuDelete, { body: { recId } }) }),
};
