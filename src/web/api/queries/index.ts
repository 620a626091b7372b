import { authQueries } from './auth.ts';
import { systemQueries } from './system.ts';

/**
 * Query option factories by domain (`queries.system.userMenus()`): loaders call
 * `ensureQueryData` and components `useSuspenseQuery` with the same options. Each domain adds
 * its own file here.
 */
export const queries = {
  auth: authQueries,
  system: systemQueries,
};
