import { analysis } from '../../../shared/contract/analysis.ts';
import { implement } from '../../http/context.ts';
import { orderAnalysis } from './analysis-breakdown.ts';
import { exceptionDetail, exceptionStatistics } from './analysis-exception.ts';
import {
  exportException,
  exportExceptionDetail,
  exportOrderAnalysis,
  exportStatistics,
} from './analysis-export.ts';
import { analysisReads } from './analysis-scope.ts';
import { statistics } from './analysis-statistics.ts';

/** Order analysis (report/analysis): statistics, exceptions and their orders, breakdowns, and their exports. */
export const analysisRoutes = [
  implement(analysis.statistics, ({ body }, ctx) =>
    analysisReads(ctx.db, (db) =>
      statistics(db, ctx.user, body, ctx.config.businessTimeZone, ctx.t, ctx.locale),
    ),
  ),
  implement(analysis.exception, ({ body }, ctx) =>
    analysisReads(ctx.db, (db) =>
      exceptionStatistics(db, ctx.user, body, ctx.config.businessTimeZone, ctx.t),
    ),
  ),
  implement(analysis.exceptionDetail, ({ body }, ctx) =>
    analysisReads(ctx.db, (db) =>
      exceptionDetail(db, ctx.user, body, ctx.config.businessTimeZone, ctx.t, ctx.locale),
    ),
  ),
  implement(analysis.orderAnalysis, ({ body }, ctx) =>
    analysisReads(ctx.db, (db) =>
      orderAnalysis(db, ctx.user, body, ctx.config.businessTimeZone, ctx.t, ctx.locale),
    ),
  ),
  implement(analysis.exportStatistics, ({ body }, ctx) => exportStatistics(ctx, body)),
  implement(analysis.exportException, ({ body }, ctx) => exportException(ctx, body)),
  implement(analysis.exportOrderAnalysis, ({ body }, ctx) => exportOrderAnalysis(ctx, body)),
  implement(analysis.exportExceptionDetail, ({ body }, ctx) => exportExceptionDetail(ctx, body)),
];
