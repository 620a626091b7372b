import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LadingPrintContent } from '../../../shared/contract/lading.ts';
import { ladingPrintQueries } from '../../api/queries/lading.ts';
import { barcodeSrc } from '../../print/barcode.ts';
import { HandoverSignatures, PrintFrame, SheetFact } from '../../print/print-frame.tsx';
import { type PrintSearch, printIds } from '../../print/search.ts';
import { typed } from '../../ui/bidi.tsx';
import { named } from '../kit/text.ts';

/**
 * /print/printLading?ids=…: one sheet per lading bill (getPrintContent) for the browser's print
 * dialog: the bill's Code128, its facts, one line per parcel, the totals and the signatures of the
 * handover. autoPrint=1 opens the dialog once the barcodes are drawn.
 */
export function PrintLadingPage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const ids = useMemo(() => printIds(search), [search]);
  const answer = useQuery({ ...ladingPrintQueries.content(i18n.locale, ids), enabled: ids.length > 0 });
  return (
    <PrintFrame
      empty={ids.length === 0}
      answer={answer}
      failed={t`The lading bills could not be printed`}
      title={t`Lading bills`}
      summary={(d) => {
        const count = d.bills.length;
        return t({ message: plural(count, { one: '# bill, A4', other: '# bills, A4' }) });
      }}
      autoPrint={search.autoPrint === 1}
      testId="print-lading"
    >
      {(d) => d.bills.map((b) => <LadingSheet key={b.bill.recId} print={b} />)}
    </PrintFrame>
  );
}

function LadingSheet({ print }: { print: LadingPrintContent['bills'][number] }) {
  const { t } = useLingui();
  const { bill, lines, date } = print;
  const src = useMemo(() => barcodeSrc(bill.no), [bill.no]);
  return (
    <section className="a4-sheet" data-testid="lading-sheet">
      <header className="a4-sheet__head">
        <div>
          <h1 className="a4-sheet__title">{t`Lading bill`}</h1>
          <div>{date}</div>
        </div>
        <div className="a4-sheet__code">
          <img src={src} alt={bill.no} />
          <span dir="ltr">{bill.no}</span>
        </div>
      </header>
      <dl className="a4-sheet__facts">
        <SheetFact label={t`Shipping channel`} value={named(bill.channelName, bill.channelCode)} />
        <SheetFact label={t`Carrier`} value={bill.carrierName} />
        <SheetFact label={t`Destination country`} value={bill.countryName} />
        <SheetFact label={t`Type`} value={bill.typeName} />
        <SheetFact label={t`Order type`} value={bill.orderTypeName} />
        <SheetFact label={t`Pickup status`} value={bill.pickupStatusName} />
        <SheetFact label={t`Orders`} value={bill.orderCount} />
        <SheetFact label={t`Pieces`} value={bill.pieceCount} />
        <SheetFact label={t`Weight (kg)`} value={bill.weight} />
      </dl>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t`Tracking no`}</th>
            <th>{t`Carrier tracking no`}</th>
            <th>{t`Customer`}</th>
            <th>{t`Consignee`}</th>
            <th>{t`Destination`}</th>
            <th className="num">{t`Pieces`}</th>
            <th className="num">{t`Weight (kg)`}</th>
            <th>{t`COD`}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.lineNo}</td>
              <td dir="ltr">{l.trackingNo}</td>
              <td dir="ltr">{l.carrierTrackingNo ?? ''}</td>
              <td>{l.customerCode ?? ''}</td>
              <td>{typed(l.consigneeName)}</td>
              <td>{[l.countryName, l.city].filter(Boolean).join(' · ')}</td>
              <td className="num">{l.pieceCount}</td>
              <td className="num" dir="ltr">
                {l.weight}
              </td>
              <td dir="ltr">{l.isCod ? `${l.codAmount} ${l.codCurrency}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <HandoverSignatures receiver={t`Received by (carrier)`} />
    </section>
  );
}
