import { useMutation } from '@tanstack/react-query';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { orderLabelsZpl, printerMutations } from '../../api/queries/printer.ts';
import { DownloadZplButton, PrintToPrinterButton } from '../shared/print-to-printer.tsx';

/**
 * "Print to printer" and "Download .zpl" of some orders' labels (staff with order:print): the
 * first sends them as ZPL to a label printer on the network (a job, retried while the printer is
 * off; the dialog shows the print's status), the second saves the ZPL for a printer attached to
 * this PC, at the resolution and label size of the preferred printer.
 */
export function ZplPrintButtons({ orders }: { orders: readonly { recId: number }[] }) {
  const print = useMutation(printerMutations.printOrderLabels());
  const none = orders.length === 0 || orders.length > MAX_PRINT_ORDERS;
  const ids = () => orders.map((o) => o.recId);
  return (
    <>
      <PrintToPrinterButton
        count={orders.length}
        disabled={none}
        send={(printerId) => print.mutateAsync({ ids: ids(), ...(printerId ? { printerId } : {}) })}
      />
      <DownloadZplButton disabled={none} download={(page) => orderLabelsZpl({ ids: ids(), ...page })} />
    </>
  );
}
