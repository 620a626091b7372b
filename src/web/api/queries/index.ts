import { authQueries } from './auth.ts';
import { carrierQueries } from './carrier.ts';
import { customerQueries } from './customer.ts';
import { customerOrderQueries } from './customer-order.ts';
import { originQueries } from './origin-order.ts';
import { pdaQueries } from './pda.ts';
import { regionQueries } from './region.ts';
import { sensitiveWordQueries } from './sensitive-word.ts';
import { shippingQueries } from './shipping.ts';
import { systemQueries } from './system.ts';

/**
 * Query option factories by domain (`queries.system.userMenus()`): loaders call
 * `ensureQueryData` and components `useSuspenseQuery` with the same options. Each domain adds
 * its own file here.
 */
export const queries = {
  auth: authQueries,
  system: systemQueries,
  region: regionQueries,
  sensitiveWord: sensitiveWordQueries,
  carrier: carrierQueries,
  shipping: shippingQueries,
  customer: customerQueries,
  originOrder: originQueries,
  customerOrder: customerOrderQueries,
  pda: pdaQueries,
};
