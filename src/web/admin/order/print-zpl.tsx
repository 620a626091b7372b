import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { type PrintJobRecord, PrintStatus } from '../../../shared/contract/printer.ts';
import { printerMutations, printerQueries } from '../../api/queries/printer.ts';
import { saveBlob } from '../../ui/save-blob.ts';

/**
 * "Print to printer" and "Download .zpl" of some orders' labels (staff with order:print): the
 * first sends them as ZPL to a label printer on the network (a job, retried while the printer is
 * off; the dialog shows the print's status), the second saves the ZPL for a printer attached to
 * this PC, at the resolution of the preferred printer (203 dpi without one).
 */
export function ZplPrintButtons({ orders }: { orders: readonly { recId: number }[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const options = useQuery({ ...printerQueries.options(), enabled: orders.length > 0 });
  const download = useMutation({
    ...printerMutations.downloadZpl(),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const none = orders.length === 0 || orders.length > MAX_PRINT_ORDERS;
  const preferred = options.data?.printers.find((p) => p.recId === options.data?.preferredId);
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        disabled={none}
        onClick={() => setOpen(true)}
        data-testid="print-to-printer"
      >
        {t`Print to printer`}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={none}
        loading={download.isPending}
        data-testid="download-zpl"
        onClick={() =>
          download.mutate({ ids: orders.map((o) => o.recId), dpi: preferred?.dpi === 300 ? 300 : 203 })
        }
      >
        {t`Download .zpl`}
      </Button>
      {open && <PrintDialog orders={orders} onClose={() => setOpen(false)} />}
    </>
  );
}

function StatusTag({ print }: { print: PrintJobRecord }) {
  const { t } = useLingui();
  if (print.status === PrintStatus.sent) return <Tag color="success">{t`Sent to the printer`}</Tag>;
  if (print.status === PrintStatus.failed) return <Tag color="error">{t`Failed`}</Tag>;
  return <Tag color="processing">{print.attempts > 0 ? t`Waiting for the printer` : t`Queued`}</Tag>;
}

function PrintDialog({ orders, onClose }: { orders: readonly { recId: number }[]; onClose: () => void }) {
  const { t } = useLingui();
  const options = useQuery(printerQueries.options());
  const [chosen, setChosen] = useState<number | undefined>();
  const print = useMutation(printerMutations.printOrderLabels());
  const printId = print.data?.recId;
  const status = useQuery(printerQueries.myPrints(printId === undefined ? [] : [printId]));
  const current = status.data?.[0] ?? print.data;
  const printerId = chosen ?? options.data?.preferredId ?? undefined;
  const count = orders.length;
  return (
    <Modal
      open
      title={t`Print to printer`}
      okText={current ? t`Close` : t`Print`}
      cancelButtonProps={{ style: current ? { display: 'none' } : {} }}
      okButtonProps={{ disabled: !current && printerId === undefined }}
      confirmLoading={print.isPending}
      onOk={() =>
        current
          ? onClose()
          : print.mutate({ ids: orders.map((o) => o.recId), ...(printerId ? { printerId } : {}) })
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ inlineSize: '100%' }} data-testid="print-dialog">
        <Typography.Text>{t`${count} labels`}</Typography.Text>
        <Form layout="vertical">
          <Form.Item label={t`Printer`}>
            <Select
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
                <StatusTag print={current} />
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
