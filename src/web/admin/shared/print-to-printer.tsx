import { DownloadOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { type PrintJobRecord, PrintStatus } from '../../../shared/contract/printer.ts';
import type { LabelSize } from '../../../shared/domain/printing.ts';
import { printerQueries } from '../../api/queries/printer.ts';
import { isolate } from '../../ui/bidi.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { PrintStatusTag } from './print-status-tag.tsx';

/**
 * "Print to printer" of any labels the desk prints (orders', lading bills', packages', batches'): a dialog to choose a
 * label printer on the network (the preferred one first), then `send` makes the print (a job,
 * retried while the printer is off) and the dialog follows its status until the printer took it.
 */
export function PrintToPrinterButton({
  count,
  disabled,
  send,
  testId = 'print-to-printer',
}: {
  count: number;
  disabled?: boolean;
  send: (printerId: number | undefined) => Promise<PrintJobRecord>;
  testId?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        disabled={disabled || count === 0}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {t`Print to printer`}
      </Button>
      {open && <PrintDialog count={count} send={send} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The file type isolated, so an Arabic label shows ".zpl", not "zpl.". */
const zplFile = isolate('.zpl');

/**
 * "Download .zpl" of any labels: saves them as ZPL for a printer attached to this PC, laid out for
 * the preferred printer's resolution and label size (203 dpi, 100 × 150 mm without one).
 */
export function DownloadZplButton({
  disabled,
  download,
}: {
  disabled?: boolean;
  download: (page: { dpi: 203 | 300; labelSize: LabelSize }) => Promise<{ blob: Blob; filename: string }>;
}) {
  const { t } = useLingui();
  const options = useQuery({ ...printerQueries.options(), enabled: !disabled });
  const save = useMutation({
    mutationFn: download,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const preferred = options.data?.printers.find((p) => p.recId === options.data?.preferredId);
  return (
    <Button
      icon={<DownloadOutlined />}
      disabled={disabled}
      loading={save.isPending}
      data-testid="download-zpl"
      onClick={() =>
        save.mutate({ dpi: preferred?.dpi === 300 ? 300 : 203, labelSize: preferred?.labelSize ?? '100x150' })
      }
    >
      {t`Download ${zplFile}`}
    </Button>
  );
}

type Download = Promise<{ blob: Blob; filename: string }>;

/**
 * The labels of some records (packages, batches): "Print to printer" (ZPL to a network label
 * printer, the dialog follows the print), "Download .zpl" (a printer attached to this PC) and the
 * PDF (100 × 150 mm pages), the same label in each. `file` answers the PDF or the ZPL.
 */
export function LabelPrintButtons({
  count,
  max,
  print,
  file,
  testId,
}: {
  count: number;
  max: number;
  print: (printerId: number | undefined) => Promise<PrintJobRecord>;
  file: (o: { format: 'pdf' } | { format: 'zpl'; dpi: 203 | 300; labelSize: LabelSize }) => Download;
  testId: string;
}) {
  const { t } = useLingui();
  const pdf = useMutation({
    mutationFn: () => file({ format: 'pdf' }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const none = count === 0 || count > max;
  return (
    <>
      <PrintToPrinterButton
        count={count}
        disabled={none}
        testId={`${testId}-print-to-printer`}
        send={print}
      />
      <DownloadZplButton disabled={none} download={(page) => file({ format: 'zpl', ...page })} />
      <Button
        icon={<FilePdfOutlined />}
        disabled={none}
        loading={pdf.isPending}
        data-testid={`${testId}-label-pdf`}
        onClick={() => pdf.mutate()}
      >
        {t`Labels (PDF)`}
      </Button>
    </>
  );
}

function PrintDialog({
  count,
  send,
  onClose,
}: {
  count: number;
  send: (printerId: number | undefined) => Promise<PrintJobRecord>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const options = useQuery(printerQueries.options());
  const [chosen, setChosen] = useState<number | undefined>();
  const print = useMutation({ mutationFn: send });
  const printId = print.data?.recId;
  const status = useQuery(printerQueries.myPrints(printId === undefined ? [] : [printId]));
  const current = status.data?.[0] ?? print.data;
  const printerId = chosen ?? options.data?.preferredId ?? undefined;
  return (
    <Modal
      open
      title={t`Print to printer`}
      okText={current ? t`Close` : t`Print`}
      cancelButtonProps={{ style: current ? { display: 'none' } : {} }}
      okButtonProps={{ disabled: !current && printerId === undefined }}
      confirmLoading={print.isPending}
      onOk={() => (current ? onClose() : print.mutate(printerId))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ inlineSize: '100%' }} data-testid="print-dialog">
        <Typography.Text>{t`${count} labels`}</Typography.Text>
        <Form layout="vertical">
          <Form.Item label={t`Printer`} htmlFor="print-to-printer-printer">
            <Select
              id="print-to-printer-printer"
              value={printerId}
              disabled={!!current}
              onChange={setChosen}
              placeholder={t`No printer yet: add one under Settings → Label printers`}
              options={options.data?.printers.map((p) => ({
                value: p.recId,
                label: `${p.name} · ${p.dpi} dpi${p.depotName ? ` · ${p.depotName}` : ''}`,
              }))}
              data-testid="printer-select"
            />
          </Form.Item>
        </Form>
        {current && (
          <Alert
            type={
              current.status === PrintStatus.failed
                ? 'error'
                : current.status === PrintStatus.sent
                  ? 'success'
                  : 'info'
            }
            data-testid="print-status"
            title={
              <Space wrap>
                <PrintStatusTag print={current} />
                <span dir="ltr">
                  {current.printerName} ({current.address})
                </span>
              </Space>
            }
            description={current.error ? <span dir="ltr">{current.error}</span> : undefined}
          />
        )}
      </Space>
    </Modal>
  );
}
