import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { LABEL_SIZE_MM } from '../../shared/contract/order-print.ts';
import { isApiError } from '../api/errors.ts';
import { printQueries } from '../api/queries/print.ts';
import { LabelSheet } from './label-sheet.tsx';
import { NothingToPrint } from './nothing-to-print.tsx';
import { type PrintSearch, printTarget } from './search.ts';
import './print.css';

/** Only while this page is shown: every printed page is one label, edge to edge. */
const PAGE_CSS = `@page { size: ${LABEL_SIZE_MM.width}mm ${LABEL_SIZE_MM.height}mm; margin: 0; }`;

/**
 * /print/printCode: the labels of the orders in the address drawn as HTML (Code128 as SVG), one
 * 100 × 150 mm page each, for the browser's print dialog (opened by itself with autoPrint=1).
 */
export function PrintCodePage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const target = useMemo(() => printTarget(search), [search]);
  const answer = useQuery({
    ...printQueries.labels(i18n.locale, target ?? { ids: [] }, 'data'),
    enabled: target !== null,
  });
  const navigate = useNavigate();
  const sheets = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const labels = answer.data?.labels;

  useEffect(() => {
    if (!labels?.length || search.autoPrint !== 1 || printed.current) return;
    printed.current = true;
    const images = [...(sheets.current?.querySelectorAll('img') ?? [])];
    // The dialog prints what is drawn: wait for the barcodes first.
    void Promise.allSettled(images.map((img) => img.decode())).then(() => window.print());
  }, [labels, search.autoPrint]);

  if (!target) return <NothingToPrint />;
  if (answer.isError)
    return (
      <Result
        status="warning"
        title={isApiError(answer.error) ? answer.error.msg : t`The labels could not be made`}
        data-testid="print-error"
      />
    );
  if (!answer.data)
    return (
      <Flex justify="center" className="print-page__loading">
        <Spin size="large" />
      </Flex>
    );

  const { notFound } = answer.data;
  const count = answer.data.labels.length;
  return (
    <main className="print-code" data-testid="print-code">
      <style>{PAGE_CSS}</style>
      <Flex className="print-toolbar" align="center" justify="space-between" gap={12} wrap>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} className="print-toolbar__title">
            {t`Labels`}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t({ message: plural(count, { one: '# label, 100 × 150 mm', other: '# labels, 100 × 150 mm' }) })}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <Button
            icon={<FilePdfOutlined />}
            onClick={() =>
              void navigate({
                to: '/print/printPDF',
                search: { ids: search.ids, trackingNos: search.trackingNos },
              })
            }
          >
            {t`PDF`}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            onClick={() => window.print()}
            data-testid="print-now"
          >
            {t`Print`}
          </Button>
        </Flex>
      </Flex>
      {notFound.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="print-toolbar__alert"
          title={t`Not found: ${notFound.join(', ')}`}
          data-testid="print-not-found"
        />
      )}
      <div ref={sheets} className="print-code__sheets">
        {answer.data.labels.map((label) => (
          <LabelSheet key={label.recId} label={label} />
        ))}
      </div>
    </main>
  );
}
