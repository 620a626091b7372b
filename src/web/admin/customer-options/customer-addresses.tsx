import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import type { CustomerRegionRecord } from '../../../shared/contract/region.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { typed } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';

/** The customer's saved addresses (customer/region/list), default first; the default one is the sender. */
export function CustomerAddresses() {
  const { t } = useLingui();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useQuery(regionQueries.customerRegions(page));

  const columns: TableColumnsType<CustomerRegionRecord> = [
    {
      title: t`Contact`,
      dataIndex: 'contact',
      render: (name: string, r) => (
        <>
          {name} {r.isDefault && <Tag color="blue">{t`Default`}</Tag>}
        </>
      ),
    },
    { title: t`Phone`, dataIndex: 'phone', render: (p: string) => <span dir="ltr">{p}</span> },
    { title: t`Region`, dataIndex: 'regionNames', render: (names: string[]) => names.join(' / ') },
    { title: t`Address`, dataIndex: 'address', render: (v: string) => typed(v) },
    { title: t`Post code`, dataIndex: 'postCode', render: (p: string) => p || '—' },
  ];

  return (
    <Card title={t`My addresses`} data-testid="customer-addresses">
      <RowsTable<CustomerRegionRecord>
        rowKey="recId"
        columns={columns}
        rows={list.data?.records}
        loading={list.isFetching}
        empty={t`No saved addresses`}
        pages={{
          page: { ...page, total: list.data?.total ?? 0 },
          onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
