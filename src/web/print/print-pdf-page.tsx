import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import { type PrintKind, pdfBlob, printQueries } from '../api/queries/print.ts';
import { saveBlob } from '../ui/save-blob.ts';
import { NothingToPrint } from './nothing-to-print.tsx';
import { type PrintSearch, printTarget } from './search.ts';
import './print.css';

/**
 * /print/printPDF: the server's PDF of labels (default) or commercial invoices for the orders in
 * the address, shown by the browser's PDF viewer, with print and download buttons.
 */
export function PrintPdfPage({ search }: { search: PrintSearch }) {
  const { t, i18n } = useLingui();
  const kind: PrintKind = search.kind ?? 'label';
  const target = useMemo(() => printTarget(search), [search]);
  const answer = useQuery({
    ...printQueries.pdf(i18n.locale, kind, target ?? { ids: [] }),
    enabled: target !== null,
  });
  const blob = useMemo(() => (answer.data ? pdfBlob(answer.data.pdf) : null), [answer.data]);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  const frame = useRef<HTMLIFrameElement>(null);

  if (!target) return <NothingToPrint />;
  if (answer.isError)
    return (
      <Result
        status="warning"
        title={isApiError(answer.error) ? answer.error.msg : t`The document could not be made`}
        data-testid="print-error"
      />
    );
  if (!answer.data || !url)
    return (
      <Flex justify="center" className="print-page__loading">
        <Spin size="large" />
      </Flex>
    );

  const { pdf, notFound } = answer.data;
  const title = kind === 'label' ? t`Labels` : t`Commercial invoices`;
  return (
    <main className="print-pdf" data-testid="print-pdf">
      <Flex className="print-toolbar" align="center" justify="space-between" gap={12} wrap>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Title level={4} className="print-toolbar__title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="print-pages">
            {t({ message: plural(pdf.pages, { one: '# page', other: '# pages' }) })}
          </Typography.Text>
        </Flex>
        <Flex gap={8} wrap>
          {kind === 'label' && (
            <Link to="/print/printCode" search={{ ids: search.ids, trackingNos: search.trackingNos }}>
              {t`Print from the page instead`}
            </Link>
          )}
          <Button
            icon={<DownloadOutlined />}
            onClick={() => saveBlob(pdfBlob(pdf), pdf.filename)}
            data-testid="print-download"
          >
            {t`Download`}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            data-testid="print-now"
            onClick={() => frame.current?.contentWindow?.print()}
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
      <iframe
        ref={frame}
        className="print-pdf__frame"
        title={pdf.filename}
        src={url}
        data-testid="print-frame"
      />
    </main>
  );
}
