import { fee } from '../../../shared/contract/fee.ts';
import { FEE_TYPES } from '../../../shared/domain/order-fees.ts';
import { implement } from '../../http/context.ts';
import { feeTypeName } from '../order-core/order-names.ts';
import { listFeeDetails } from './fee-detail.service.ts';
import { exportByTrackingNo, exportFeeDetail } from './fee-detail-export.ts';
import { listFeeExceptions } from './fee-exception.service.ts';
import { exportFeeExceptions } from './fee-exception-export.ts';
import { listFeeInfo } from './fee-info.service.ts';
import { recalculate } from './fee-recalc.service.ts';

/** Fees (priceManage): fee lines, fee sheets, fee types, fee exceptions and their recalculation. */
export const feeRoutes = [
  implement(fee.detailList, ({ body }, ctx) => listFeeDetails(ctx.db, ctx.user, body, ctx.t, ctx.locale)),
  implement(fee.exportFeeDetail, ({ body }, ctx) => exportFeeDetail(ctx, body)),
  implement(fee.exportByTrackingNo, ({ body }, ctx) => exportByTrackingNo(ctx, body.trackingNos)),
  implement(fee.feeTypeSearchList, async ({ body }, ctx) => {
    const keyword = body.keyword?.toLocaleLowerCase();
    return FEE_TYPES.map((feeType) => ({ feeType, name: feeTypeName(ctx.t, feeType) })).filter(
      (o) => !keyword || o.name.toLocaleLowerCase().includes(keyword),
    );
  }),
  implement(fee.feeInfoList, ({ body }, ctx) => listFeeInfo(ctx.db, ctx.user, body, ctx.t, ctx.locale)),
  implement(fee.exceptionList, ({ body }, ctx) =>
    listFeeExceptions(ctx.db, ctx.user, body, ctx.t, ctx.locale),
  ),
  implement(fee.exportFeeException, ({ body }, ctx) => exportFeeExceptions(ctx, body)),
  implement(fee.feeRecalculate, ({ body }, ctx) =>
    recalculate(ctx.db, ctx.user, body.ids, ctx.t, ctx.locale),
  ),
];
