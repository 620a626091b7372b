import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { LABEL_SIZE_MM } from '../../shared/contract/order-print.ts';
import { isApiError } from '../api/errors.ts';
import { NothingToPrint } from './nothing-to-print.tsx';
import './print.css';
import './a4-sheet.css';

/**
 * The paper, only while its print page is shown: A4 with margins, or a 100 × 150 mm label edge to
 * edge (one label a page); and the class of the sheets' container on screen.
 */
const PAPER = {
  a4: { css: '@page { size: A4; margin: 12mm; }', sheets: 'a4-sheets' },
  label: {
    css: `@page { size: ${LABEL_SIZE_MM.width}mm ${LABEL_SIZE_MM.height}mm; margin: 0; }`,
    sheets: 'print-code__sheets',
  },
} as const;

/**
 * The frame of a print page of bills (/print/printLading, /print/printBatch on A4,
 * /print/printLadingLabel on labels): nothing to print without ids, the server's refusal, a
 * spinner, then a toolbar (title, what is printed, Print) above the sheets. autoPrint opens the
 * browser's print dialog once, when the barcodes are drawn.
 */
export function PrintFrame<T>({
  empty,
  answer,
  failed,
  title,
  summary,
  autoPrint,
  testId,
  paper = 'a4',
  children,
}: {
  empty: boolean;
  answer: UseQueryResult<T>;
  /** Shown when the server answered no message. */
  failed: string;
  title: string;
  summary: (data: T) => string;
  autoPrint: boolean;
  testId: string;
  paper?: keyof typeof PAPER;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  const sheets = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  const data = answer.data;

  useEffect(() => {
    if (data === undefined || !autoPrint || printed.current) return;
    printed.current = true;
    const images = [...(sheets.current?.querySelectorAll('img') ?? [])];
    // The dialog prints what is drawn: wait for the barcodes first.
    void Promise.allSettled(images.map((img) => img.decode())).then(() => window.print());
  }, [data, autoPrint]);

  if (empty) return <NothingToPrint />;
  if (answer.isError)
    return (
      <Result
        status="warning"
        title={isApiError(answer.error) ? answer.error.msg : failed}
        data-testid="print-error"
      />
    );
  if (data === undefined)
    return (
      <Flex justify="center" className="print-page__loading">
        <Spin size="large" />
      </Flex>
    );
  return (
    <main data-testid={testId}>
      <style>{PAPER[paper].css}</style>
      <Flex className="print-toolbar" align="center" justify="space-between" gap={12} wrap>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} className="print-toolbar__title">
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{summary(data)}</Typography.Text>
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
      <div ref={sheets} className={PAPER[paper].sheets}>
        {children(data)}
      </div>
    </main>
  );
}

/** One labelled fact of a sheet's head (a dt/dd pair of `.a4-sheet__facts`). */
export function SheetFact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}

/** The signature line at the foot of a sheet: who handed over, who received, and when. */
export function HandoverSignatures({ receiver }: { receiver: string }) {
  const { t } = useLingui();
  return (
    <div className="a4-sheet__sign">
      <span>{t`Handed over by`}</span>
      <span>{receiver}</span>
      <span>{t`Date`}</span>
    </div>
  );
}
