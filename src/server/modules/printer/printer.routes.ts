import { printer } from '../../../shared/contract/printer.ts';
import { implement } from '../../http/context.ts';
import { listPrints, myPrints, printLadingLabels, printOrderLabels, retryPrint } from './print.service.ts';
import {
  deletePrinter,
  listPrinters,
  printerOptions,
  savePrinter,
  setMyDefaultPrinter,
} from './printer.service.ts';

/** Label printers as master data, and each user's own default. */
export const printerRoutes = [
  implement(printer.list, ({ body }, ctx) => listPrinters(ctx.db, body)),
  implement(printer.save, ({ body }, ctx) => savePrinter(ctx.db, body)),
  implement(printer.delete, async ({ body }, ctx) => {
    await deletePrinter(ctx.db, body.recId);
    return null;
  }),
  implement(printer.options, (_, ctx) => printerOptions(ctx.db, ctx.user.id)),
  implement(printer.printOrderLabels, ({ body }, ctx) =>
    printOrderLabels(ctx.db, ctx.jobs, ctx.user, body, {
      t: ctx.t,
      locale: ctx.locale,
      timeZone: ctx.config.businessTimeZone,
    }),
  ),
  implement(printer.printLadingLabels, ({ body }, ctx) =>
    printLadingLabels(ctx.db, ctx.jobs, ctx.user, body, {
      t: ctx.t,
      locale: ctx.locale,
      timeZone: ctx.config.businessTimeZone,
    }),
  ),
  implement(printer.prints, ({ body }, ctx) => listPrints(ctx.db, body)),
  implement(printer.myPrints, ({ body }, ctx) => myPrints(ctx.db, ctx.user, body.ids)),
  implement(printer.retryPrint, ({ body }, ctx) => retryPrint(ctx.db, ctx.jobs, body.recId)),
  implement(printer.setMyDefault, ({ body }, ctx) =>
    setMyDefaultPrinter(ctx.db, ctx.user.id, body.printerId),
  ),
];
