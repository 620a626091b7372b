import { UploadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Empty, Table, type TableColumnsType, Tag } from 'antd';
import type { OrderImportLog } from '../../../shared/contract/order.ts';
import { customerOrderQueries } from '../../api/queries/customer-order.ts';
import { ImportStatusTag } from '../../ui/import-status.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';
import { useIsStaff } from './customer-picker.tsx';
import { ImportRecordFilters } from './import-record-filters.tsx';

const routeApi = getRouteApi('/_desk/admin/user/order/importRecord');

/**
 * /admin/user/order/importRecord: the order imports, newest first (spec: original file name, import
 * time, importer, order amount, import status, push status, push time). Customer accounts see
 * their own customer's only.
 */
export function ImportRecordPage() {
  const { t } = useLingui();
  const format = useFormat();
  const staff = useIsStaff();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const logs = useQuery(
    customerOrderQueries.importLogs({
      pageNo,
      pageSize,
      ...compact({ status: search.status, fileName: search.fileName, customerId: search.customerId }),
    }),
  );

  const columns: TableColumnsType<OrderImportLog> = [
    { title: t`Original file name`, dataIndex: 'fileName' },
    { title: t`Import time`, dataIndex: 'createdAt', render: (iso: string) => format.dateTime(iso) },
    { title: t`Importer`, dataIndex: 'importedBy' },
    ...(staff
      ? [
          {
            title: t`Customer`,
            key: 'customer',
            render: (_: unknown, l: OrderImportLog) => named(l.customerName, l.customerCode),
          },
        ]
      : []),
    {
      title: t`Order amount`,
      dataIndex: 'orderCount',
      align: 'end',
      render: (n: number | null) => n ?? '—',
    },
    { title: t`Goods lines`, dataIndex: 'rowCount', align: 'end' },
    {
      title: t`Import status`,
      dataIndex: 'status',
      render: (s: number, l) => <ImportStatusTag status={s} errorCount={l.errorCount} />,
    },
    {
      title: t`Push status`,
      dataIndex: 'pushStatus',
      render: (p: number, l) =>
        l.status !== 1 ? (
          '—'
        ) : p === 1 ? (
          <Tag color="success">{t`Pushed`}</Tag>
        ) : p === 2 ? (
          <Tag color="error">{t`Push failed`}</Tag>
        ) : (
          <Tag>{t`Not pushed`}</Tag>
        ),
    },
    {
      title: t`Push time`,
      dataIndex: 'pushedAt',
      render: (iso: string | null) => format.dateTime(iso),
    },
  ];

  return (
    <ListFrame
      testId="import-record-page"
      title={t`Import records`}
      filters={
        <ImportRecordFilters
          staff={staff}
          value={{ status: search.status, fileName: search.fileName, customerId: search.customerId }}
          onSearch={(values) => navigate({ search: compact(values) })}
        />
      }
      actions={
        <Link to="/admin/user/order/batch">
          <Button type="primary" icon={<UploadOutlined />}>
            {t`Import orders`}
          </Button>
        </Link>
      }
    >
      <Table<OrderImportLog>
        data-testid="import-record-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={logs.data?.records}
        loading={logs.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No imports yet`} /> }}
        pagination={{
          current: pageNo,
          pageSize,
          total: logs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t`${total} in total`,
          onChange: (next, size) =>
            navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
      />
    </ListFrame>
  );
}
