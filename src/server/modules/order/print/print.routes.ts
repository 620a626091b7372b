import { order } from '../../../../shared/contract/order.ts';
import { type Ctx, implement } from '../../../http/context.ts';
import { printInvoices, printLabels, printLabelsZpl } from './print.service.ts';

const context = (ctx: Ctx) => ({ t: ctx.t, locale: ctx.locale, timeZone: ctx.config.businessTimeZone });

/** Labels and commercial invoices of orders, as PDF (and the records drawn on them). */
export const printRoutes = [
  implement(order.batchPrintLabel, ({ body }, ctx) => printLabels(ctx.db, ctx.user, body, context(ctx))),
  implement(order.printLabelZpl, ({ body }, ctx) => printLabelsZpl(ctx.db, ctx.user, body, context(ctx))),
  implement(order.batchPrintInvoice, ({ body }, ctx) => printInvoices(ctx.db, ctx.user, body, context(ctx))),
];
