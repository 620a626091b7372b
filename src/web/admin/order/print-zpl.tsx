import { DownloadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { printerMutations, printerQueries } from '../../api/queries/printer.ts';
import { isolate } from '../../ui/bidi.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { PrintToPrinterButton } from '../printer/print-to-printer.tsx';

/** The file type isolated, so an Arabic label shows ".zpl", not "zpl.". */
const zplFile = isolate('.zpl');

/**
 * "Print to printer" and "Download .zpl" of some orders' labels (staff with order:print): the
 * first sends them as ZPL to a label printer on the network (a job, retried while the printer is
 * off; the dialog shows the print's status), the second saves the ZPL for a printer attached to
 * this PC, at the resolution and label size of the preferred printer (203 dpi, 100 × 150 mm
 * without one).
 */
export function ZplPrintButtons({ orders }: { orders: readonly { recId: number }[] }) {
  const { t } = useLingui();
  const print = useMutation(printerMutations.printOrderLabels());
  const options = useQuery({ ...printerQueries.options(), enabled: orders.length > 0 });
  const download = useMutation({
    ...printerMutations.downloadZpl(),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const none = orders.length === 0 || orders.length > MAX_PRINT_ORDERS;
  const preferred = options.data?.printers.find((p) => p.recId === options.data?.preferredId);
  return (
    <>
      <PrintToPrinterButton
        count={orders.length}
        disabled={none}
        send={(printerId) =>
          print.mutateAsync({ ids: orders.map((o) => o.recId), ...(printerId ? { printerId } : {}) })
        }
      />
      <Button
        icon={<DownloadOutlined />}
        disabled={none}
        loading={download.isPending}
        data-testid="download-zpl"
        onClick={() =>
          download.mutate({
            ids: orders.map((o) => o.recId),
            dpi: preferred?.dpi === 300 ? 300 : 203,
            labelSize: preferred?.labelSize ?? '100x150',
          })
        }
      >
        {t`Download ${zplFile}`}
      </Button>
    </>
  );
}
