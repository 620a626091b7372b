import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LadingLabelContent } from '../../../shared/contract/lading.ts';
import { ladingPrintQueries } from '../../api/queries/lading.ts';
import { barcodeSrc } from '../../print/barcode.ts';
import { PrintFrame } from '../../print/print-frame.tsx';
import { type PrintSearch, printIds } from '../../print/search.ts';
import { ltr } from '../../ui/bidi.tsx';
import '../../print/lading-label.css';

type LadingLabel = LadingLabelContent['labels'][number];

/**
 * /print/printLadingLabel?ids=…: one 100 × 150 mm label per lading bill (getPrintContentLabel) for
 * the pallet or bag the bill's parcels travel on: channel and destination, the bill no's Code128,
 * carrier, counts and weight. autoPrint=1 opens the dialog once the barcodes are drawn.
 */
export function PrintLadingLabelPage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const ids = useMemo(() => printIds(search), [search]);
  const answer = useQuery({ ...ladingPrintQueries.labels(i18n.locale, ids), enabled: ids.length > 0 });
  return (
    <PrintFrame
      empty={ids.length === 0}
      answer={answer}
      failed={t`The labels could not be made`}
      title={t`Lading bill labels`}
      summary={(d) => {
        const count = d.labels.length;
        return t({
          message: plural(count, { one: '# label, 100 × 150 mm', other: '# labels, 100 × 150 mm' }),
        });
      }}
      autoPrint={search.autoPrint === 1}
      testId="print-lading-label"
      paper="label"
    >
      {(d) => d.labels.map((l) => <LadingLabelSheet key={l.recId} label={l} />)}
    </PrintFrame>
  );
}

function LadingLabelSheet({ label }: { label: LadingLabel }) {
  const { t } = useLingui();
  const src = useMemo(() => barcodeSrc(label.no, 20), [label.no]);
  return (
    <article className="label-sheet lading-label" data-testid="lading-label" data-no={label.no}>
      <header className="label-sheet__row label-sheet__head">
        <div className="label-sheet__cell">
          <strong className="label-sheet__big">{ltr(label.channelCode)}</strong>
          <small>{label.channelName}</small>
        </div>
        <div className="label-sheet__cell label-sheet__dest">
          <strong className="label-sheet__country">{ltr(label.countryCode)}</strong>
          <small>{label.countryName}</small>
        </div>
      </header>
      <section className="label-sheet__row lading-label__kind">
        <strong className="label-sheet__big">{t`Lading bill`}</strong>
        <span>
          {label.typeName} · {label.orderTypeName}
        </span>
      </section>
      <section className="label-sheet__row label-sheet__barcode lading-label__barcode">
        <img src={src} alt={label.no} />
        <strong className="label-sheet__number">{ltr(label.no)}</strong>
      </section>
      <section className="label-sheet__row lading-label__carrier">
        <span className="label-sheet__caption">{t`Carrier`}</span>
        <strong className="label-sheet__big">{label.carrierName ?? '—'}</strong>
      </section>
      <section className="lading-label__figures">
        <Figure caption={t`Parcels`} value={label.itemCount} />
        <Figure caption={t`Orders`} value={label.orderCount} />
        <Figure caption={t`Pieces`} value={label.pieceCount} />
        <Figure caption={t`Weight (kg)`} value={label.weight} />
      </section>
      <footer className="label-sheet__foot lading-label__foot">
        <span className="label-sheet__caption">{t`Date`}</span>
        <strong>{ltr(label.date)}</strong>
      </footer>
    </article>
  );
}

function Figure({ caption, value }: { caption: string; value: number | string }) {
  return (
    <div className="lading-label__figure">
      <span className="label-sheet__caption">{caption}</span>
      <strong className="lading-label__value">{ltr(String(value))}</strong>
    </div>
  );
}
