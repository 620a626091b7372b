import { overseasLading } from '../../../shared/contract/overseas-lading.ts';
import { implement } from '../../http/context.ts';
import {
  addOverseasRemark,
  cancelOverseas,
  confirmOverseas,
  confirmOverseasPickup,
  createOverseas,
  exportOverseas,
  scanIntoOverseas,
} from './overseas.service.ts';
import { overseasBill } from './overseas-read.ts';

export const overseasRoutes = [
  implement(overseasLading.list, ({ body }, ctx) => overseasBill.list(ctx.db, body, ctx.t, ctx.locale)),
  implement(overseasLading.detail, ({ params }, ctx) =>
    overseasBill.detail(ctx.db, params.id, ctx.t, ctx.locale),
  ),
  implement(overseasLading.create, ({ body }, ctx) =>
    createOverseas(ctx.db, ctx.user, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(overseasLading.scanTrackingNo, ({ params, body }, ctx) =>
    scanIntoOverseas(ctx.db, ctx.user, params.id, body, ctx.t, ctx.locale),
  ),
  implement(overseasLading.confirm, ({ body }, ctx) =>
    confirmOverseas(ctx.db, ctx.user, body.ids, ctx.t, ctx.locale),
  ),
  implement(overseasLading.confirmPickup, ({ params }, ctx) =>
    confirmOverseasPickup(ctx.db, ctx.user, params.id, ctx.t, ctx.locale),
  ),
  implement(overseasLading.cancel, ({ params }, ctx) =>
    cancelOverseas(ctx.db, ctx.user, params.id, ctx.t, ctx.locale),
  ),
  implement(overseasLading.remarkAdd, ({ body }, ctx) =>
    addOverseasRemark(ctx.db, ctx.user, body.id, body.content),
  ),
  implement(overseasLading.export, ({ body }, ctx) => exportOverseas(ctx, body)),
];
