import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { customerOrderMutations, customerOrderQueries } from '../../api/queries/customer-order.ts';
import { useSubRight } from '../../session/sub-rights.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { SelectionToolbar } from '../kit/selection-toolbar.tsx';
import { useBusinessTimeZone, useFormat } from '../kit/use-format.ts';
import { PrintLabelsButton, useMayPrintLabels } from '../order/print-labels.tsx';
import { useOrderOps } from '../order/use-order-ops.tsx';
import { ConsigneeCell } from '../shared/order-columns.tsx';
import { statusColor } from './labels.ts';
import { OrderFilters, type OrderFilterValues } from './order-filters.tsx';
import { customerOrderBody, customerOrderList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/user/order/list/');

/** A link to an order's detail, opening a tab named by its tracking no. */
export function OrderLink({ order }: { order: Pick<OrderRecord, 'recId' | 'trackingNo'> }) {
  return (
    <Link
      to="/admin/user/order/list/$id"
      params={{ id: String(order.recId) }}
      search={{ name: order.trackingNo }}
    >
      {order.trackingNo}
    </Link>
  );
}

/**
 * /admin/user/order/list: the customer's orders, filters and page in the URL; the labels of the
 * selected ones (kept across pages, at most 500 a print) print in their own window, and the
 * selected ones not yet picked up can be cancelled (the server answers per order). The orders the
 * searched filters select (or the selected ones among them) export once a creation date range is
 * searched (the server requires one).
 */
export function OrderListPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const timeZone = useBusinessTimeZone();
  const body = customerOrderBody(search, timeZone);
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useQuery(customerOrderList.query(body, i18n));
  const statuses = useQuery(customerOrderQueries.statuses(i18n.locale)).data ?? [];
  const printsLabels = useSubRight('labels:print');
  const mayPrint = useMayPrintLabels() && printsLabels;
  const mayCancel = useSubRight('orders:cancel');
  const mayEnter = useSubRight('orders:create');
  const mayExport = useSubRight('orders:export');
  const selecting = mayPrint || mayCancel;
  const [selected, setSelected] = useState<OrderRecord[]>([]);
  const ops = useOrderOps(() => setSelected([]));
  const exportOrders = useMutation(customerOrderMutations.exportOrders());
  const { pageNo: _p, pageSize: _s, ...filterBody } = body;
  const { startTime, endTime } = filterBody;
  const filters: OrderFilterValues = {
    trackingNos: search.trackingNos,
    customerNos: search.customerNos,
    status: search.status,
    from: search.from,
    to: search.to,
    cod: search.cod,
    abnormal: search.abnormal,
  };

  const columns: KitColumns<OrderRecord> = [
    { title: t`Tracking no`, key: 'trackingNo', fixed: 'start', render: (_, o) => <OrderLink order={o} /> },
    { title: t`Customer order no`, dataIndex: 'customerNo' },
    {
      title: t`Status`,
      dataIndex: 'statusName',
      render: (name: string, o) => <Tag color={statusColor(o.status)}>{name}</Tag>,
    },
    { title: t`Shipping channel`, dataIndex: 'channelName' },
    {
      title: t`Destination`,
      key: 'destination',
      render: (_, o) => [o.countryName, o.city || o.province].filter(Boolean).join(' / '),
    },
    {
      title: t`Consignee`,
      key: 'consignee',
      render: (_, o) => <ConsigneeCell order={o} />,
    },
    {
      title: t`COD`,
      key: 'cod',
      align: 'end',
      render: (_, o) => (o.isCod ? <span dir="ltr">{`${o.codAmount} ${o.codCurrency}`}</span> : '—'),
    },
    { title: t`Weight (kg)`, dataIndex: 'chargeableWeight', align: 'end' },
    { title: t`Created`, dataIndex: 'createdAt', render: (iso: string) => format.dateTime(iso) },
  ];

  return (
    <ListFrame
      testId="customer-order-list"
      title={t`My orders`}
      filters={
        <OrderFilters
          value={filters}
          statuses={statuses}
          onSearch={(values) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
      actions={
        <Space>
          {mayExport && (
            <ExportAction
              label={t`Export orders`}
              blockedBy={startTime && endTime ? undefined : t`Creation time range must be selected`}
              start={() =>
                exportOrders.mutateAsync({
                  ...filterBody,
                  startTime: startTime ?? '',
                  endTime: endTime ?? '',
                  ids: selected.length ? selected.map((o) => o.recId) : undefined,
                })
              }
            />
          )}
          {mayEnter && (
            <Link to="/admin/user/order/batch">
              <Button icon={<UploadOutlined />}>{t`Import orders`}</Button>
            </Link>
          )}
          {mayEnter && (
            <Link to="/admin/user/order/input">
              <Button type="primary" icon={<PlusOutlined />}>
                {t`Enter an order`}
              </Button>
            </Link>
          )}
        </Space>
      }
    >
      {ops.modals}
      <ListTable<OrderRecord>
        listKey="customer-orders"
        testId="customer-order-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        pageSizes={[10, 20, 50, 100]}
        onChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
        }
        {...(selecting ? { selected, onSelect: setSelected } : {})}
        empty={t`No orders found`}
        toolbar={
          selecting ? (
            <SelectionToolbar
              testId="customer-order-selected"
              count={selected.length}
              prompt={
                mayPrint && mayCancel
                  ? t`Select orders to print their labels or cancel them`
                  : mayPrint
                    ? t`Select orders to print their labels`
                    : t`Select orders to cancel them`
              }
              operations={
                <>
                  {mayPrint && <PrintLabelsButton selected={selected} />}
                  {mayCancel && (
                    <Button
                      danger
                      disabled={selected.length === 0}
                      onClick={() => ops.cancel(selected)}
                      data-testid="customer-cancel-orders"
                    >
                      {t`Cancel orders`}
                    </Button>
                  )}
                </>
              }
              files={null}
            />
          ) : undefined
        }
      />
    </ListFrame>
  );
}
