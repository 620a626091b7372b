import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BatchPrintContent } from '../../../shared/contract/batch.ts';
import { batchPrintQueries } from '../../api/queries/batch.ts';
import { barcodeSrc } from '../../print/barcode.ts';
import { HandoverSignatures, PrintFrame, SheetFact } from '../../print/print-frame.tsx';
import { type PrintSearch, printIds } from '../../print/search.ts';
import { dash, named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';

/**
 * /print/printBatch?ids=…: one A4 sheet per batch (getPrintContent) for the browser's print dialog:
 * the batch no's Code128 (and the airline bill no's, which the airline scans), the air cargo, one
 * line per lading bill with its totals, and the signatures of the handover to the airline.
 * autoPrint=1 opens the dialog once the barcodes are drawn.
 */
export function PrintBatchPage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const ids = useMemo(() => printIds(search), [search]);
  const answer = useQuery({ ...batchPrintQueries.content(i18n.locale, ids), enabled: ids.length > 0 });
  return (
    <PrintFrame
      empty={ids.length === 0}
      answer={answer}
      failed={t`The batches could not be printed`}
      title={t`Batches`}
      summary={(d) => {
        const count = d.batches.length;
        return t({ message: plural(count, { one: '# batch, A4', other: '# batches, A4' }) });
      }}
      autoPrint={search.autoPrint === 1}
      testId="print-batch"
    >
      {(d) => d.batches.map((b) => <BatchSheet key={b.batch.recId} print={b} />)}
    </PrintFrame>
  );
}

function BatchSheet({ print }: { print: BatchPrintContent['batches'][number] }) {
  const { t } = useLingui();
  const time = useTime();
  const { batch, ladings, date } = print;
  const src = useMemo(() => barcodeSrc(batch.batchNo), [batch.batchNo]);
  const awb = useMemo(
    () => (batch.airlineBillNo ? barcodeSrc(batch.airlineBillNo, 8) : null),
    [batch.airlineBillNo],
  );
  const yes = (v: boolean) => (v ? t`Yes` : t`No`);
  return (
    <section className="a4-sheet" data-testid="batch-sheet">
      <header className="a4-sheet__head">
        <div>
          <h1 className="a4-sheet__title">{t`Batch`}</h1>
          <div>{date}</div>
        </div>
        <div className="a4-sheet__code">
          <img src={src} alt={batch.batchNo} />
          <span dir="ltr">{batch.batchNo}</span>
        </div>
      </header>
      <dl className="a4-sheet__facts">
        <SheetFact label={t`Airline bill no`} value={batch.airlineBillNo} />
        <SheetFact label={t`Air cargo no`} value={dash(batch.airCargoNo)} />
        <SheetFact label={t`Pickup status`} value={batch.pickupStatusName} />
        <SheetFact label={t`Departure port`} value={dash(batch.departurePort)} />
        <SheetFact label={t`Destination port`} value={dash(batch.destinationPort)} />
        <SheetFact label={t`Port carrier`} value={dash(batch.portCarrier)} />
        <SheetFact label={t`Departure time`} value={time(batch.departureTime)} />
        <SheetFact label={t`Arrival time`} value={time(batch.arrivalTime)} />
        <SheetFact label={t`First carrier`} value={dash(batch.firstCarrier)} />
        <SheetFact label={t`Charged`} value={yes(batch.charged)} />
        <SheetFact label={t`Mixed`} value={yes(batch.mixed)} />
        <SheetFact label={t`Lading count`} value={batch.ladingCount} />
        <SheetFact label={t`Orders`} value={batch.orderCount} />
        <SheetFact label={t`Pieces`} value={batch.pieceCount} />
        <SheetFact label={t`Weight (kg)`} value={batch.weight} />
      </dl>
      {awb && (
        <figure className="a4-sheet__awb">
          <img src={awb} alt={batch.airlineBillNo} />
          <figcaption>
            <strong>{t`Airline bill no`}</strong> <span dir="ltr">{batch.airlineBillNo}</span>
          </figcaption>
        </figure>
      )}
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t`Lading bill no`}</th>
            <th>{t`Shipping channel`}</th>
            <th>{t`Carrier`}</th>
            <th>{t`Destination country`}</th>
            <th className="num">{t`Orders`}</th>
            <th className="num">{t`Pieces`}</th>
            <th className="num">{t`Weight (kg)`}</th>
          </tr>
        </thead>
        <tbody>
          {ladings.map((l, i) => (
            <tr key={l.recId}>
              <td>{i + 1}</td>
              <td dir="ltr">{l.no}</td>
              <td>{named(l.channelName, l.channelCode)}</td>
              <td>{l.carrierName ?? ''}</td>
              <td>{l.countryName ?? ''}</td>
              <td className="num">{l.orderCount}</td>
              <td className="num">{l.pieceCount}</td>
              <td className="num" dir="ltr">
                {l.weight}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <HandoverSignatures receiver={t`Received by (airline)`} />
    </section>
  );
}
