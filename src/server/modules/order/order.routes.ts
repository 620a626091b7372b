import { common } from '../../../shared/contract/common.ts';
import { order } from '../../../shared/contract/order.ts';
import { implement, implementPrefetched } from '../../http/context.ts';
import { createOrder } from './order-create.service.ts';
import { createOrderBatch } from './order-create-batch.service.ts';
import { prefetchEntry } from './order-create-entry.ts';
import { orderDetail } from './order-detail.service.ts';
import { listOrders } from './order-list.service.ts';
import {
  addRemark,
  cancelIntercept,
  cancelOrders,
  interceptOrder,
  interceptResultOf,
  remarkList,
  setInterceptResult,
} from './order-ops.service.ts';
import { checkWv, receiveOrder } from './order-receive.service.ts';
import { orderStatusOptions, trackingQuery, trackingStatusOptions } from './tracking-query.service.ts';

/** Orders: list, detail, entry, cancel, interception, remarks, receiving, re-weighing; the public tracking query. */
export const orderRoutes = [
  implement(order.list, ({ body }, ctx) => listOrders(ctx.db, ctx.user, body, ctx.t, ctx.locale)),
  implement(order.getOrderDetail, ({ params }, ctx) =>
    orderDetail(ctx.db, ctx.user, params.id, ctx.t, ctx.locale),
  ),
  implementPrefetched(order.create, prefetchEntry, ({ body }, ctx, read) =>
    createOrder(ctx.db, ctx.user, body, ctx.t, ctx.locale, read),
  ),
  implement(order.createBatch, ({ body }, ctx) =>
    createOrderBatch(ctx.db, ctx.user, body, ctx.t, ctx.locale),
  ),
  implement(order.cancelOrder, ({ body }, ctx) =>
    cancelOrders(ctx.db, ctx.user, body.ids, body.reason, ctx.t),
  ),
  implement(order.orderStatusList, async (_i, ctx) => orderStatusOptions(ctx.t)),
  implement(order.addRemark, ({ body }, ctx) => addRemark(ctx.db, ctx.user, body.orderId, body.content)),
  implement(order.getOrderRemarkList, ({ params }, ctx) => remarkList(ctx.db, ctx.user, params.orderId)),
  implement(order.checkWv, ({ body }, ctx) => checkWv(ctx.db, ctx.user, body, ctx.t, ctx.locale)),
  implement(order.receive, ({ params, body }, ctx) =>
    receiveOrder(ctx.db, ctx.user, params.trackingNo, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(order.interceptOrder, ({ params, body }, ctx) =>
    interceptOrder(ctx.db, ctx.user, params.id, body.reason, ctx.t),
  ),
  implement(order.cancelOrderIntercept, ({ params }, ctx) =>
    cancelIntercept(ctx.db, ctx.user, params.id, ctx.t),
  ),
  implement(order.getInterceptOrderResult, ({ params }, ctx) =>
    interceptResultOf(ctx.db, ctx.user, params.id, ctx.t),
  ),
  implement(order.setInterceptOrderResult, ({ body }, ctx) =>
    setInterceptResult(ctx.db, ctx.user, body, ctx.t),
  ),
  implement(common.trackingQuery, ({ params }, ctx) => trackingQuery(ctx.db, params.no, ctx.t, ctx.locale)),
  implement(common.trackingStatusList, (_i, ctx) => trackingStatusOptions(ctx.db, ctx.t, ctx.locale)),
];
