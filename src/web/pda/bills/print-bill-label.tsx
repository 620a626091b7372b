import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Popup, Preloader } from 'konsta/react';
import { useState } from 'react';
import { PrintStatus } from '../../../shared/domain/printing.ts';
import { callApi } from '../../api/client.ts';
import { wire } from '../../api/wire-endpoints.ts';
import { isolate } from '../../ui/bidi.tsx';
import { useOnline } from '../../ui/use-online.ts';
import { CloseIcon } from '../pda-icons.tsx';

/** The bills whose label the PDA prints: a lading bill's, and a package's right after a merge. */
export type LabelledBill = 'lading' | 'package';

/**
 * Prints a lading bill's or a package's label on a network printer from the PDA, once its scans are in: choose
 * the printer (the preferred one first), print, and follow the print until the printer took it.
 * Printing needs the network (the server sends the label); it is never queued on the device.
 * Loaded only when opened, so the scan screens' first load stays small.
 */
export default function PrintBillLabel({
  kind,
  billId,
  billNo,
  waiting,
  onClose,
}: {
  kind: LabelledBill;
  billId: number;
  billNo: string;
  /** Scans of this bill not yet taken by the server: the label would not count them. */
  waiting: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const options = useQuery({
    queryKey: ['printer', 'options'],
    queryFn: ({ signal }) => callApi(wire.printer.options, { body: {}, signal }),
    staleTime: 30_000,
  });
  const [chosen, setChosen] = useState<number | undefined>();
  const print = useMutation({
    mutationFn: (printerId: number) =>
      kind === 'package'
        ? callApi(wire.pkg.printToPrinter, { body: { ids: [billId], printerId } })
        : callApi(wire.printer.printLadingLabels, { body: { ids: [billId], printerId } }),
  });
  const printId = print.data?.recId;
  const status = useQuery({
    queryKey: ['printer', 'myPrints', printId],
    queryFn: ({ signal }) => callApi(wire.printer.myPrints, { body: { ids: [printId!] }, signal }),
    enabled: printId !== undefined,
    refetchInterval: (q) => (q.state.data?.some((p) => p.status === PrintStatus.queued) ? 2000 : false),
  });
  const current = status.data?.[0] ?? print.data;
  const printerId = chosen ?? options.data?.preferredId ?? undefined;
  const printers = options.data?.printers ?? [];
  const no = isolate(billNo);

  return (
    <Popup opened onBackdropClick={onClose} data-testid="print-bill-label">
      <div className="flex h-full flex-col bg-md-light-surface">
        <div className="flex min-h-14 items-center gap-2 px-2">
          <Button clear inline className="min-h-12 min-w-12" aria-label={t`Close`} onClick={onClose}>
            <CloseIcon />
          </Button>
          <h2 className="flex-1 truncate text-lg font-medium">{t`Print the label of ${no}`}</h2>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4">
          {waiting > 0 && (
            <p className="mb-3 rounded-xl bg-amber-100 p-3 text-base" role="status">
              {kind === 'package'
                ? t`Scans of this package are still being sent: print once they are in, or the label counts fewer.`
                : t`Scans of this bill are still being sent: print once they are in, or the label counts fewer.`}
            </p>
          )}
          {options.isPending && (
            <div className="flex justify-center p-6">
              <Preloader />
            </div>
          )}
          {options.data && printers.length === 0 && (
            <p className="p-2 text-base">{t`No printer yet: add one under Settings → Label printers`}</p>
          )}
          <fieldset disabled={current !== undefined} aria-label={t`Printer`}>
            {printers.map((p) => (
              <label
                key={p.recId}
                className="flex min-h-16 items-center gap-3 border-b border-black/10 py-2"
                data-testid="printer-option"
              >
                <input
                  type="radio"
                  name="printer"
                  className="size-6"
                  checked={printerId === p.recId}
                  onChange={() => setChosen(p.recId)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-lg font-medium">{p.name}</span>
                  <span className="block text-sm text-black/70">
                    <span dir="ltr">{p.dpi} dpi</span>
                    {p.depotName ? ` · ${p.depotName}` : ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {current && (
            <p
              className={`mt-4 rounded-xl p-3 text-lg font-medium ${
                current.status === PrintStatus.sent
                  ? 'bg-green-100 text-green-900'
                  : current.status === PrintStatus.failed
                    ? 'bg-red-100 text-red-900'
                    : 'bg-md-light-surface-2'
              }`}
              role="status"
              data-testid="pda-print-status"
            >
              {current.status === PrintStatus.sent
                ? t`Sent to the printer`
                : current.status === PrintStatus.failed
                  ? t`Failed`
                  : current.attempts > 0
                    ? t`Waiting for the printer`
                    : t`Queued`}
              {current.error && (
                <span className="mt-1 block text-sm font-normal" dir="ltr">
                  {current.error}
                </span>
              )}
            </p>
          )}
        </div>
        <div className="border-t border-black/10 p-4">
          {current ? (
            <Button large className="min-h-14" onClick={onClose}>
              {t`Close`}
            </Button>
          ) : (
            <Button
              large
              className="min-h-14"
              data-testid="pda-print"
              disabled={!online || printerId === undefined || print.isPending}
              onClick={() => printerId !== undefined && print.mutate(printerId)}
            >
              {online ? t`Print` : t`Print (needs the network)`}
            </Button>
          )}
        </div>
      </div>
    </Popup>
  );
}
