import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import type { CustomerRegionRecord } from '../../../shared/contract/region.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { typed } from '../../ui/bidi.tsx';

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
      <Table<CustomerRegionRecord>
        rowKey="recId"
        size="small"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No saved addresses`} />,
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
