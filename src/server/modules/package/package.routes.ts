import { pkg } from '../../../shared/contract/package.ts';
import { implement } from '../../http/context.ts';
import {
  addPackageRemark,
  cancelPackage,
  confirmPackagePickup,
  confirmPackages,
  createPackage,
  exportPackageOrders,
  exportPackages,
  scanIntoPackage,
} from './package.service.ts';
import { packageLabelFile, printPackageLabels } from './package-label.ts';
import { packageBill } from './package-read.ts';

export const packageRoutes = [
  implement(pkg.list, ({ body }, ctx) => packageBill.list(ctx.db, body, ctx.t, ctx.locale)),
  implement(pkg.detail, ({ params }, ctx) => packageBill.detail(ctx.db, params.id, ctx.t, ctx.locale)),
  implement(pkg.create, ({ body }, ctx) =>
    createPackage(ctx.db, ctx.user, body, ctx.t, ctx.locale, ctx.config.businessTimeZone),
  ),
  implement(pkg.scanTrackingNo, ({ params, body }, ctx) =>
    scanIntoPackage(ctx.db, ctx.user, params.id, body, ctx.t, ctx.locale),
  ),
  implement(pkg.confirm, ({ body }, ctx) => confirmPackages(ctx.db, ctx.user, body.ids, ctx.t, ctx.locale)),
  implement(pkg.confirmPickup, ({ params }, ctx) =>
    confirmPackagePickup(ctx.db, ctx.user, params.id, ctx.t, ctx.locale),
  ),
  implement(pkg.cancel, ({ params }, ctx) => cancelPackage(ctx.db, ctx.user, params.id, ctx.t, ctx.locale)),
  implement(pkg.remarkAdd, ({ body }, ctx) => addPackageRemark(ctx.db, ctx.user, body.id, body.content)),
  implement(pkg.export, ({ body }, ctx) => exportPackages(ctx, body)),
  implement(pkg.exportDetail, ({ body }, ctx) => exportPackageOrders(ctx, body)),
  implement(pkg.printLabel, ({ body }, ctx) =>
    packageLabelFile(ctx.db, body, { t: ctx.t, locale: ctx.locale, timeZone: ctx.config.businessTimeZone }),
  ),
  implement(pkg.printToPrinter, ({ body }, ctx) =>
    printPackageLabels(ctx.db, ctx.jobs, ctx.user, body, {
      t: ctx.t,
      locale: ctx.locale,
      timeZone: ctx.config.businessTimeZone,
    }),
  ),
];
