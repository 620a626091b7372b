import type { MessageDescriptor } from './messages.ts';

/** Messages of label printers and prints sent to them. */
export const printerMessages = {
  nameTaken: /*i18n*/ { id: 'printer.nameTaken', message: 'A printer of this name already exists' },
  noSuchDepot: /*i18n*/ { id: 'printer.noSuchDepot', message: 'This warehouse does not exist' },
  defaultNeedsDepot: /*i18n*/ {
    id: 'printer.defaultNeedsDepot',
    message: 'Choose the warehouse this printer is the default of',
  },
  noPrinter: /*i18n*/ {
    id: 'printer.noPrinter',
    message: 'No printer to print on: add one under Settings → Label printers, or choose one',
  },
  noSuchPrint: /*i18n*/ { id: 'printer.noSuchPrint', message: 'This print does not exist' },
  stillQueued: /*i18n*/ {
    id: 'printer.stillQueued',
    message: 'This print is still waiting for its printer: it is sent again by itself',
  },
} satisfies Record<string, MessageDescriptor>;
