import { order } from '../../../shared/contract/order.ts';
import type { ORDER_TEMPLATE_NAMES } from '../../../shared/contract/order-import.ts';
import { type ImportSpec, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { importOrders, orderImportTemplate } from './order-import.ts';
import { listOrderImports } from './order-import-log.ts';

/** The templates order/downloadFile serves, by the name in its query. */
const TEMPLATES: Record<(typeof ORDER_TEMPLATE_NAMES)[number], ImportSpec<unknown, unknown>> = {
  order: orderImportTemplate as unknown as ImportSpec<unknown, unknown>,
};

/** The order import (customers for their own customer, staff for a chosen one), its log and template. */
export const orderImportRoutes = [
  implement(order.importOrder, (_i, ctx) => importOrders(ctx)),
  implement(order.importLogList, ({ body }, ctx) => listOrderImports(ctx.db, ctx.user, body)),
  implement(order.downloadFile, ({ query }, ctx) => templateFile(TEMPLATES[query.name], ctx)),
];
