import { FilePdfOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { clearanceEditable } from '../../../shared/domain/lading.ts';
import {
  clearanceFiles,
  clearanceMutations,
  clearanceQueries,
  ladingKeys,
} from '../../api/queries/lading.ts';
import { pdfBlob } from '../../api/queries/print.ts';
import { useCan } from '../../session/permissions.ts';
import { typed } from '../../ui/bidi.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { named, reasonOf } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { parseClearanceNos } from './clearance-search.ts';
import { CLEARANCE_COLORS } from './labels.ts';

const PAGE = 20;

/**
 * One clearance bill: its facts, its clearance data (declaration no, remark and clearance nos of
 * its orders, while neither voided nor settled), the commercial invoices, and its orders,
 * declaration lines and customers.
 */
export function ClearanceDetail({ bill, onClose }: { bill: LadingRecord | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const time = useTime();
  const queryClient = useQueryClient();
  const canEdit = useCan('lading:edit');
  const canPrint = useCan('lading:print');
  const [form] = Form.useForm<{ declarationNo?: string; clearanceRemark?: string; nos?: string }>();
  const save = useMutation(clearanceMutations.updateData());
  const [ordersPage, setOrdersPage] = useState(1);
  const [goodsPage, setGoodsPage] = useState(1);
  const [printing, setPrinting] = useState(false);
  const id = bill?.recId ?? 0;
  const orders = useQuery({
    ...clearanceQueries.orders(i18n.locale, { id, pageNo: ordersPage, pageSize: PAGE }),
    enabled: bill !== null,
  });
  const goods = useQuery({
    ...clearanceQueries.goods(i18n.locale, { id, pageNo: goodsPage, pageSize: PAGE }),
    enabled: bill !== null,
  });
  const customers = useQuery({ ...clearanceQueries.customers(i18n.locale, id), enabled: bill !== null });
  const editable = bill !== null && canEdit && clearanceEditable(bill.clearanceStatus);
  const no = bill?.no ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new bill (or its saved data) refills the form
  useEffect(() => {
    setOrdersPage(1);
    setGoodsPage(1);
    form.setFieldsValue({
      declarationNo: bill?.declarationNo ?? '',
      clearanceRemark: bill?.clearanceRemark ?? '',
      nos: '',
    });
  }, [bill?.recId, bill?.declarationNo, bill?.clearanceRemark]);

  return (
    <Drawer
      open={bill !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { inlineSize: 'min(1100px, 100vw)' } }}
      title={t`Clearance lading ${no}`}
      data-testid="clearance-detail"
      extra={
        canPrint && (
          <Button
            icon={<FilePdfOutlined />}
            loading={printing}
            onClick={async () => {
              setPrinting(true);
              try {
                const r = await clearanceFiles.invoice(id);
                if (r.pdf) saveBlob(pdfBlob(r.pdf), r.pdf.filename);
              } finally {
                setPrinting(false);
              }
            }}
          >
            {t`Commercial invoices`}
          </Button>
        )
      }
    >
      {bill && (
        <Space orientation="vertical" size="large" style={{ inlineSize: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t`Lading bill no`}>
              <span dir="ltr">{bill.no}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Shipping channel`}>
              {named(bill.channelName, bill.channelCode)}
            </Descriptions.Item>
            <Descriptions.Item label={t`Destination country`}>{bill.countryName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t`Clearance status`}>
              <Tag color={CLEARANCE_COLORS[bill.clearanceStatus] ?? 'default'} data-testid="clearance-status">
                {bill.clearanceStatusName}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t`Pickup status`}>{bill.pickupStatusName}</Descriptions.Item>
            <Descriptions.Item label={t`Generation time`}>{time(bill.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t`Orders`}>{bill.orderCount}</Descriptions.Item>
            <Descriptions.Item label={t`Pieces`}>{bill.pieceCount}</Descriptions.Item>
            <Descriptions.Item label={t`Weight (kg)`}>
              <span dir="ltr">{bill.weight}</span>
            </Descriptions.Item>
          </Descriptions>

          <Form
            form={form}
            name="clearanceData"
            layout="vertical"
            disabled={!editable}
            data-testid="clearance-data"
            onFinish={async (v) => {
              await save.mutateAsync({
                id,
                declarationNo: v.declarationNo?.trim() || undefined,
                clearanceRemark: v.clearanceRemark?.trim() || undefined,
                orders: parseClearanceNos(v.nos ?? ''),
              });
              message.success(t`Clearance data saved`);
              await queryClient.invalidateQueries({ queryKey: ladingKeys.all() });
            }}
          >
            <Space wrap align="start" size="middle">
              <Form.Item name="declarationNo" label={t`Declaration no`}>
                <Input maxLength={60} style={{ inlineSize: 220 }} dir="ltr" />
              </Form.Item>
              <Form.Item name="clearanceRemark" label={t`Clearance remark`}>
                <Input.TextArea
                  maxLength={500}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  style={{ inlineSize: 320 }}
                />
              </Form.Item>
              <Form.Item
                name="nos"
                label={t`Clearance nos`}
                extra={t`One order a line: tracking no, then clearance no`}
              >
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} style={{ inlineSize: 320 }} dir="ltr" />
              </Form.Item>
            </Space>
            {editable && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t`Save clearance data`}
              </Button>
            )}
          </Form>

          <Tabs
            items={[
              {
                key: 'orders',
                label: t`Orders`,
                children: (
                  <RowsTable
                    testId="clearance-orders"
                    rowKey="orderId"
                    loading={orders.isFetching}
                    rows={orders.data?.records}
                    pages={{
                      page: { pageNo: ordersPage, pageSize: PAGE, total: orders.data?.total ?? 0 },
                      fixedSize: true,
                      onPage: setOrdersPage,
                    }}
                    columns={[
                      {
                        title: t`Tracking no`,
                        dataIndex: 'trackingNo',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                      {
                        title: t`Clearance no`,
                        dataIndex: 'clearanceNo',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                      { title: t`Customer`, dataIndex: 'customerCode' },
                      {
                        title: t`Package no`,
                        dataIndex: 'packageNo',
                        render: (v: string | null) => v ?? '—',
                      },
                      { title: t`Consignee`, dataIndex: 'consigneeName' },
                      {
                        title: t`Consignee phone`,
                        dataIndex: 'consigneePhone',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                      {
                        title: t`Address`,
                        key: 'addr',
                        render: (_v, r) => typed([r.city, r.address].filter(Boolean).join(' · ')),
                      },
                      { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
                      { title: t`Weight (kg)`, dataIndex: 'weight', align: 'end' },
                      {
                        title: t`Goods value`,
                        dataIndex: 'goodsValue',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                      {
                        title: t`COD`,
                        key: 'cod',
                        render: (_v, r) =>
                          r.isCod ? <span dir="ltr">{`${r.codAmount} ${r.codCurrency}`}</span> : '—',
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'goods',
                label: t`Declaration lines`,
                children: (
                  <RowsTable
                    testId="clearance-goods"
                    rowKey={(r) => `${r.orderId}-${r.lineNo}`}
                    loading={goods.isFetching}
                    rows={goods.data?.records}
                    pages={{
                      page: { pageNo: goodsPage, pageSize: PAGE, total: goods.data?.total ?? 0 },
                      fixedSize: true,
                      onPage: setGoodsPage,
                    }}
                    columns={[
                      {
                        title: t`Tracking no`,
                        dataIndex: 'trackingNo',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                      { title: t`Clearance no`, dataIndex: 'clearanceNo' },
                      { title: '#', dataIndex: 'lineNo' },
                      { title: t`English name`, dataIndex: 'nameEn' },
                      { title: t`Chinese name`, dataIndex: 'nameCn' },
                      { title: t`HS code`, dataIndex: 'hsCode' },
                      { title: t`Specification`, dataIndex: 'specification' },
                      { title: t`Quantity`, dataIndex: 'quantity', align: 'end' },
                      {
                        title: t`Unit price`,
                        key: 'price',
                        align: 'end',
                        render: (_v, r) => <span dir="ltr">{`${r.unitPrice} ${r.currency}`}</span>,
                      },
                      {
                        title: t`Amount`,
                        key: 'amount',
                        align: 'end',
                        render: (_v, r) => <span dir="ltr">{`${r.amount} ${r.currency}`}</span>,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'customers',
                label: t`Customers`,
                children: (
                  <RowsTable
                    testId="clearance-customers"
                    rowKey="customerId"
                    loading={customers.isFetching}
                    rows={customers.data}
                    columns={[
                      {
                        title: t`Customer`,
                        key: 'c',
                        render: (_v, r) => named(r.customerName, r.customerCode),
                      },
                      { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
                      { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
                      { title: t`Weight (kg)`, dataIndex: 'weight', align: 'end' },
                      {
                        title: t`Goods value`,
                        dataIndex: 'goodsValue',
                        render: (v: string) => <span dir="ltr">{v}</span>,
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
          {orders.isError && <Tag color="error">{reasonOf(orders.error)}</Tag>}
        </Space>
      )}
    </Drawer>
  );
}
