import { dashboard } from '../../../shared/contract/dashboard.ts';
import { implement } from '../../http/context.ts';
import { dashboardSummary } from './dashboard.service.ts';

/** The home dashboard (beyond the spec). */
export const dashboardRoutes = [
  implement(dashboard.summary, (_i, ctx) =>
    dashboardSummary(ctx.db, ctx.user, ctx.config.businessTimeZone, ctx.locale),
  ),
];
