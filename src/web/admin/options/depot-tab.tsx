import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import type { DepotRecord } from '../../../shared/contract/depot.ts';
import { depotQueries } from '../../api/queries/depot.ts';
import { typed } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';

/** The enabled depots (warehouses) that the desk and the PDA pick from. */
export function DepotTab() {
  const { t, i18n } = useLingui();
  const depots = useQuery(depotQueries.list(i18n.locale));
  return (
    <Card title={t`Depots`} styles={{ body: { paddingBlockStart: 0 } }}>
      <RowsTable<DepotRecord>
        testId="depot-table"
        rowKey="recId"
        size="middle"
        rows={depots.data}
        loading={depots.isFetching}
        empty={t`No depots`}
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
