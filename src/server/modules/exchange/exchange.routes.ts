import { exchange } from '../../../shared/contract/exchange.ts';
import { implement } from '../../http/context.ts';
import { exchangeScan, exchangeScanCombined } from './exchange.service.ts';
import { exportExchanges, listExchanges } from './exchange-records.ts';

export const exchangeRoutes = [
  implement(exchange.scan, ({ params }, ctx) =>
    exchangeScan(ctx.db, ctx.user, params.trackingNo, ctx.t, ctx.locale),
  ),
  implement(exchange.scanCombined, ({ params }, ctx) =>
    exchangeScanCombined(ctx.db, ctx.user, params.trackingNo, ctx.t, ctx.locale),
  ),
  implement(exchange.scanList, ({ body }, ctx) => listExchanges(ctx.db, body, ctx.t, ctx.locale)),
  implement(exchange.scanExport, ({ body }, ctx) => exportExchanges(ctx, body)),
];
