import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import { originOrder } from '../../../shared/contract/origin-order.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { handleAbnormal, listAbnormals, setAbnormalImages } from './order-abnormal.service.ts';
import { checkWeightImport, originCheckWeightImport } from './order-check-import.ts';
import { clearanceImport } from './order-clearance-import.ts';
import { exportAbnormals, exportClearanceData, exportOrderGoods, exportOrderInfo } from './order-export.ts';

const asTemplate = <T>(spec: ImportSpec<T>) => spec as unknown as ImportSpec<unknown, unknown>;

/** The staff side of orders: abnormal orders, the order exports, checked-weight and clearance imports. */
export const orderStaffRoutes = [
  implement(order.orderAbnormalList, ({ body }, ctx) => listAbnormals(ctx.db, body, ctx.t, ctx.locale)),
  implement(order.cancelOrderAbnormal, ({ params, body }, ctx) =>
    handleAbnormal(ctx.db, ctx.user, params.id, body.remark, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(order.abnormalImages, ({ params, body }, ctx) =>
    setAbnormalImages(ctx.db, ctx.user, params.id, body.images, ctx.t, ctx.locale),
  ),
  implement(order.exportOrderAbnormal, ({ body }, ctx) => exportAbnormals(ctx, body)),
  implement(order.exportOrderInfo, ({ body }, ctx) => exportOrderInfo(ctx, body)),
  implement(order.exportOrderGoodsInfo, ({ body }, ctx) => exportOrderGoods(ctx, body)),
  implement(order.exportClearanceData, ({ body }, ctx) => exportClearanceData(ctx, body)),
  implement(order.importCheck, async (_i, ctx) =>
    runImport(ctx, checkWeightImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(originOrder.checkedWeightImport, async (_i, ctx) =>
    runImport(ctx, originCheckWeightImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(order.importClearance, async (_i, ctx) =>
    runImport(ctx, clearanceImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(order.downloadCheckFile, async (_i, ctx) => templateFile(asTemplate(checkWeightImport), ctx)),
  implement(order.downloadClearanceFile, async (_i, ctx) => templateFile(asTemplate(clearanceImport), ctx)),
];
