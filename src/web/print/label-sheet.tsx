import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { LabelRecord } from '../../shared/contract/order-print.ts';
import { OrderStatus } from '../../shared/domain/order-status.ts';
import { barcodeSrc } from './barcode.ts';

/**
 * One 100 × 150 mm label as HTML, the same content as the server's PDF label: channel and
 * destination, the tracking no's Code128, sender, consignee, COD or prepaid, weight, pieces,
 * carrier (with its own Code128 once assigned), customer no, date and contents.
 */
export function LabelSheet({ label }: { label: LabelRecord }) {
  const { t } = useLingui();
  const main = useMemo(() => barcodeSrc(label.trackingNo, 15), [label.trackingNo]);
  const carrier = useMemo(
    () => (label.carrierTrackingNo ? barcodeSrc(label.carrierTrackingNo, 15) : null),
    [label.carrierTrackingNo],
  );
  const s = label.sender;
  const c = label.consignee;
  return (
    <article className="label-sheet" data-testid="label-sheet" data-tracking-no={label.trackingNo}>
      {label.status === OrderStatus.cancelled && <div className="label-sheet__void">{t`Cancelled`}</div>}
      <header className="label-sheet__row label-sheet__head">
        <div className="label-sheet__cell">
          <strong className="label-sheet__big">{label.channelCode}</strong>
          <small>{label.channelName}</small>
        </div>
        <div className="label-sheet__cell label-sheet__dest">
          <strong className="label-sheet__country">{c.countryCode}</strong>
          <small>{c.countryName}</small>
        </div>
      </header>
      <section className="label-sheet__row label-sheet__barcode">
        <img src={main} alt={label.trackingNo} />
        <strong className="label-sheet__number">{label.trackingNo}</strong>
      </section>
      <section className="label-sheet__row label-sheet__party">
        <span className="label-sheet__caption">{t`From`}</span>
        <div>
          <bdi>{s.name}</bdi> <span dir="ltr">{s.phone}</span>
        </div>
        <small className="label-sheet__clamp" dir="auto">
          {[s.company, ...s.lines].filter(Boolean).join(', ')}
        </small>
      </section>
      <section className="label-sheet__row label-sheet__party label-sheet__to">
        <span className="label-sheet__caption">{t`To`}</span>
        <strong className="label-sheet__name" dir="auto">
          {c.name}
        </strong>
        <div dir="ltr" className="label-sheet__phone">
          {[c.phone, label.consigneePhone2].filter(Boolean).join(' / ')}
        </div>
        {c.lines.map((line) => (
          <div key={line} dir="auto">
            {line}
          </div>
        ))}
      </section>
      <section className="label-sheet__row label-sheet__figures">
        <div className="label-sheet__cell">
          {label.isCod ? (
            <>
              <span className="label-sheet__caption">{t`COD`}</span>
              <strong className="label-sheet__cod" dir="ltr">
                {label.codAmount} {label.codCurrency}
              </strong>
            </>
          ) : (
            <strong className="label-sheet__cod">{t`Prepaid`}</strong>
          )}
        </div>
        <div className="label-sheet__cell">
          <span className="label-sheet__caption">{t`Weight`}</span>
          <strong dir="ltr">{label.weight} kg</strong>
        </div>
        <div className="label-sheet__cell">
          <span className="label-sheet__caption">{t`Pieces`}</span>
          <strong className="label-sheet__big">{label.packageCount}</strong>
        </div>
      </section>
      <section className="label-sheet__row label-sheet__carrier">
        <div className="label-sheet__cell label-sheet__carrier-code">
          {carrier && (
            <>
              <img src={carrier} alt={label.carrierTrackingNo ?? ''} />
              <small>{label.carrierTrackingNo}</small>
            </>
          )}
        </div>
        <div className="label-sheet__cell">
          <span className="label-sheet__caption">{t`Carrier`}</span>
          <strong>{label.carrierName ?? '—'}</strong>
        </div>
      </section>
      <footer className="label-sheet__foot">
        <div>
          {t`Customer no`}: {label.customerNo} · {t`Date`}: {label.date} · {t`Channel`}: {label.channelCode}
        </div>
        <div className="label-sheet__clamp">
          {t`Contents`}: {label.contents || '—'}
        </div>
      </footer>
    </article>
  );
}
