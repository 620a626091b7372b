import { PrinterOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { code128, drawingSVG } from 'bwip-js/browser';
import { useEffect, useMemo, useRef } from 'react';
import type { LadingPrintContent } from '../../../shared/contract/lading.ts';
import { isApiError } from '../../api/errors.ts';
import { ladingPrintQueries } from '../../api/queries/lading.ts';
import { NothingToPrint } from '../../print/nothing-to-print.tsx';
import type { PrintSearch } from '../../print/search.ts';
import '../../print/print.css';
import './lading-print.css';
import { ladingPrintIds } from './search.ts';

const PAGE_CSS = '@page { size: A4; margin: 12mm; }';

/** A Code128 as an SVG data address (the page's CSP allows data: images; no markup injected). */
function barcodeSrc(text: string): string {
  const svg = code128(
    { bcid: 'code128', text, scale: 2, height: 12, includetext: false, paddingwidth: 10 },
    drawingSVG(),
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * /print/printLading?ids=…: one sheet per lading bill (getPrintContent) for the browser's print
 * dialog: the bill's Code128, its facts, one line per parcel, the totals and the signatures of the
 * handover. autoPrint=1 opens the dialog once the barcodes are drawn.
 */
export function PrintLadingPage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const ids = useMemo(() => ladingPrintIds(search), [search]);
  const answer = useQuery({ ...ladingPrintQueries.content(i18n.locale, ids), enabled: ids.length > 0 });
  const sheets = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const bills = answer.data?.bills;

  useEffect(() => {
    if (!bills?.length || search.autoPrint !== 1 || printed.current) return;
    printed.current = true;
    const images = [...(sheets.current?.querySelectorAll('img') ?? [])];
    void Promise.allSettled(images.map((img) => img.decode())).then(() => window.print());
  }, [bills, search.autoPrint]);

  if (ids.length === 0) return <NothingToPrint />;
  if (answer.isError)
    return (
      <Result
        status="warning"
        title={isApiError(answer.error) ? answer.error.msg : t`The lading bills could not be printed`}
        data-testid="print-error"
      />
    );
  if (!answer.data)
    return (
      <Flex justify="center" className="print-page__loading">
        <Spin size="large" />
      </Flex>
    );
  const count = answer.data.bills.length;
  return (
    <main data-testid="print-lading">
      <style>{PAGE_CSS}</style>
      <Flex className="print-toolbar" align="center" justify="space-between" gap={12} wrap>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} className="print-toolbar__title">
            {t`Lading bills`}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t({ message: plural(count, { one: '# bill, A4', other: '# bills, A4' }) })}
          </Typography.Text>
        </Flex>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          onClick={() => window.print()}
          data-testid="print-now"
        >
          {t`Print`}
        </Button>
      </Flex>
      <div ref={sheets} className="lading-print__sheets">
        {answer.data.bills.map((b) => (
          <LadingSheet key={b.bill.recId} print={b} />
        ))}
      </div>
    </main>
  );
}

function LadingSheet({ print }: { print: LadingPrintContent['bills'][number] }) {
  const { t } = useLingui();
  const { bill, lines, date } = print;
  const src = useMemo(() => barcodeSrc(bill.no), [bill.no]);
  const fact = (label: string, value: string | number | null) => (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
  return (
    <section className="lading-sheet" data-testid="lading-sheet">
      <header className="lading-sheet__head">
        <div>
          <h1 className="lading-sheet__title">{t`Lading bill`}</h1>
          <div>{date}</div>
        </div>
        <div className="lading-sheet__code">
          <img src={src} alt={bill.no} />
          <span dir="ltr">{bill.no}</span>
        </div>
      </header>
      <dl className="lading-sheet__facts">
        {fact(t`Shipping channel`, `${bill.channelName} (${bill.channelCode})`)}
        {fact(t`Carrier`, bill.carrierName)}
        {fact(t`Destination country`, bill.countryName)}
        {fact(t`Type`, bill.typeName)}
        {fact(t`Order type`, bill.orderTypeName)}
        {fact(t`Pickup status`, bill.pickupStatusName)}
        {fact(t`Orders`, bill.orderCount)}
        {fact(t`Pieces`, bill.pieceCount)}
        {fact(t`Weight (kg)`, bill.weight)}
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
              <td>{l.consigneeName}</td>
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
      <div className="lading-sheet__sign">
        <span>{t`Handed over by`}</span>
        <span>{t`Received by (carrier)`}</span>
        <span>{t`Date`}</span>
      </div>
    </section>
  );
}
