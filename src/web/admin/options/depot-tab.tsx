import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Typography } from 'antd';
import type { DepotRecord } from '../../../shared/contract/depot.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { typed } from '../../ui/bidi.tsx';

/** The enabled depots (warehouses) that the desk and the PDA pick from. */
export function DepotTab() {
  const { t, i18n } = useLingui();
  const depots = useQuery(carrierQueries.depots(i18n.locale));
  return (
    <Card title={t`Depots`} styles={{ body: { paddingBlockStart: 0 } }}>
      <Table<DepotRecord>
        data-testid="depot-table"
        rowKey="recId"
        size="middle"
        dataSource={depots.data}
        loading={depots.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No depots`} /> }}
        columns={[
          {
            title: t`Code`,
            dataIndex: 'code',
            render: (c: string) => <Typography.Text strong>{c}</Typography.Text>,
          },
          { title: t`Name`, dataIndex: 'name' },
          { title: t`Country`, dataIndex: 'countryName', render: (n: string | null) => n ?? '—' },
          { title: t`Address`, dataIndex: 'address', render: (v: string) => typed(v) },
        ]}
      />
    </Card>
  );
}
