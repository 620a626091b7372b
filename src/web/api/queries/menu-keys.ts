/**
 * The key of the caller's menus, apart from the queries (system.ts) so the cache persistence in the
 * app's entry can name it without loading the system contract (see pda-kinds.ts).
 */
export const SYSTEM_KEY = ['system'] as const;
export const USER_MENUS_KEY = [...SYSTEM_KEY, 'getUserMenus'] as const;
