import { DownloadOutlined, EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { order } from '../../../shared/contract/order.ts';
import type { InvoiceRecord } from '../../../shared/contract/order-print.ts';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { splitBulkNumbers } from '../../../shared/domain/bulk-split.ts';
import { callApi } from '../../api/client.ts';
import { pdfBlob, printQueries } from '../../api/queries/print.ts';
import { useCan } from '../../session/permissions.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { InvoiceLines } from './invoice-lines.tsx';

const routeApi = getRouteApi('/_desk/admin/export/invoice');

/**
 * /admin/export/invoice: commercial invoices of the orders whose tracking nos are pasted (kept in
 * the address): a preview of what each invoice states, then all of them as one PDF, shown on the
 * print page or downloaded.
 */
export function InvoicePage() {
  const { t, i18n } = useLingui();
  const { nos } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const router = useRouter();
  const canPrint = useCan('invoice:print');
  const [text, setText] = useState(nos ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(nos ?? ''), [nos]);

  const preview = useQuery({
    ...printQueries.invoices(i18n.locale, 'invoice', { ids: [], trackingNos: nos }, 'data'),
    enabled: !!nos && canPrint,
  });
  const invoices = preview.data?.invoices ?? [];
  const ids = invoices.map((i) => i.recId);
  const download = useMutation({
    mutationFn: () => callApi(order.batchPrintInvoice, { body: { ids, output: 'pdf' } }),
    onSuccess: (answer) => answer.pdf && saveBlob(pdfBlob(answer.pdf), answer.pdf.filename),
  });

  const submit = () => {
    const numbers = splitBulkNumbers(text);
    if (numbers.length === 0) return setError(t`Enter a tracking number`);
    if (numbers.length > MAX_PRINT_ORDERS) return setError(t`Enter at most ${MAX_PRINT_ORDERS} numbers`);
    setError(null);
    void navigate({ search: { nos: numbers.join('\n') } });
  };
  const openPrint = () => {
    const href = router.buildLocation({
      to: '/print/printPDF',
      search: { kind: 'invoice', ids: ids.join(',') },
    }).href;
    window.open(href, '_blank', 'noopener');
  };

  const columns: TableColumnsType<InvoiceRecord> = [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      render: (no: string | null) => <Typography.Text strong>{no}</Typography.Text>,
    },
    { title: t`Customer no`, dataIndex: 'customerNo' },
    {
      title: t`Shipper`,
      key: 'shipper',
      render: (_, r) => r.shipper.name,
    },
    {
      title: t`Consignee`,
      key: 'consignee',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <bdi>{r.consignee.name}</bdi>
          <Typography.Text type="secondary">{r.consignee.countryName}</Typography.Text>
        </Space>
      ),
    },
    { title: t`Goods lines`, key: 'lines', render: (_, r) => r.lines.length },
    {
      title: t`Declared value`,
      key: 'totals',
      render: (_, r) => (
        <Space orientation="vertical" size={0} data-testid="invoice-totals">
          {r.totals.map((x) => (
            <span key={x.currency} dir="ltr">
              {x.amount} {x.currency}
            </span>
          ))}
        </Space>
      ),
    },
    { title: t`Pieces`, dataIndex: 'packageCount' },
    { title: t`Weight (kg)`, dataIndex: 'weight' },
    { title: t`Date`, dataIndex: 'date' },
  ];

  return (
    <Flex vertical gap={16} data-testid="invoice-page">
      <Card size="small">
        <Form layout="vertical" onFinish={submit}>
          <Form.Item
            label={t`Tracking nos`}
            extra={t`One a line, or separated by commas or spaces; at most ${MAX_PRINT_ORDERS}.`}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              spellCheck={false}
              dir="ltr"
              data-testid="invoice-input"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<EyeOutlined />}
            disabled={!canPrint}
            data-testid="invoice-preview"
          >
            {t`Preview`}
          </Button>
        </Form>
      </Card>
      {preview.data && preview.data.notFound.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t`Not found: ${preview.data.notFound.join(', ')}`}
          data-testid="invoice-not-found"
        />
      )}
      <ListFrame
        testId="invoice-list"
        title={t`Commercial invoices`}
        actions={
          <Space>
            <Button
              icon={<DownloadOutlined />}
              disabled={ids.length === 0}
              loading={download.isPending}
              onClick={() => download.mutate()}
              data-testid="invoice-download"
            >
              {t`Download PDF`}
            </Button>
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              disabled={ids.length === 0}
              onClick={openPrint}
              data-testid="invoice-print"
            >
              {t`Print invoices`}
            </Button>
          </Space>
        }
      >
        <RowsTable
          rowKey="recId"
          size="middle"
          columns={columns}
          rows={invoices}
          loading={preview.isFetching}
          expandable={{ expandedRowRender: (r) => <InvoiceLines invoice={r} /> }}
        />
      </ListFrame>
    </Flex>
  );
}
