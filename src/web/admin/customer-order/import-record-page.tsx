import { UploadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Tag } from 'antd';
import type { OrderImportLog } from '../../../shared/contract/order.ts';
import { ImportStatusTag } from '../../ui/import-status.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';
import { useEntryPaths, useIsStaff } from './customer-picker.tsx';
import { ImportRecordFilters } from './import-record-filters.tsx';
import { type ImportRecordSearch, importRecordList } from './search.ts';

/**
 * /admin/user/order/importRecord (a customer's) and /admin/order/importRecord (staff's, every
 * customer's): the order imports, newest first (spec: original file name, import time, importer,
 * order amount, import status, push status, push time). Customer accounts see their own customer's
 * only. Both routes validate the same search (search.ts importRecordSearch).
 */
export function ImportRecordPage() {
  const { t } = useLingui();
  const format = useFormat();
  const staff = useIsStaff();
  const paths = useEntryPaths();
  const search: ImportRecordSearch = useSearch({ strict: false });
  const navigate = useNavigate({ from: paths.importRecord });
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const logs = useQuery(importRecordList.query(importRecordList.deps(search)));

  const columns: KitColumns<OrderImportLog> = [
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
        <Link to={paths.batch}>
          <Button type="primary" icon={<UploadOutlined />}>
            {t`Import orders`}
          </Button>
        </Link>
      }
    >
      <ListTable<OrderImportLog>
        listKey="order-imports"
        testId="import-record-table"
        columns={columns}
        answer={logs.data}
        loading={logs.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={(next) =>
          navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
        }
        empty={t`No imports yet`}
      />
    </ListFrame>
  );
}
