import { tracking } from '../../../shared/contract/tracking.ts';
import { implement } from '../../http/context.ts';
import { enabledSettings, listSettings, saveSetting } from './tracking.service.ts';

/** Tracking settings (our standard nodes); `tracking/query/{no}` belongs to the orders. */
export const trackingRoutes = [
  implement(tracking.save, ({ body }, ctx) => saveSetting(ctx.db, body, ctx.locale)),
  implement(tracking.update, ({ body }, ctx) => saveSetting(ctx.db, body, ctx.locale)),
  implement(tracking.queryList, (_i, ctx) => enabledSettings(ctx.db, ctx.locale)),
  implement(tracking.list, ({ body }, ctx) => listSettings(ctx.db, body, ctx.locale)),
];
