import { HistoryOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import type { TrackingNoImportLog } from '../../../shared/contract/tracking-no.ts';
import { trackingNoQueries } from '../../api/queries/tracking-no.ts';
import { ImportStatusTag } from '../../ui/import-status.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';

const PAGE_SIZE = 10;

/** The tracking-number imports, newest first: file, carrier, rows, result, who and when. */
export function ImportLogDrawer() {
  const { t } = useLingui();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const logs = useQuery({ ...trackingNoQueries.importLogs({ pageNo, pageSize: PAGE_SIZE }), enabled: open });

  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t`Import log`}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} size={880} title={t`Tracking number imports`}>
        <RowsTable<TrackingNoImportLog>
          testId="import-log-table"
          rowKey="recId"
          rows={logs.data?.records}
          loading={logs.isFetching}
          empty={t`No imports yet`}
          pages={{
            page: { pageNo, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0 },
            fixedSize: true,
            onPage: setPageNo,
          }}
          columns={[
            {
              title: t`Import time`,
              dataIndex: 'createdAt',
              render: (iso: string) => format.dateTime(iso),
            },
            { title: t`Original file name`, dataIndex: 'fileName' },
            {
              title: t`Carrier`,
              key: 'carrier',
              render: (_, l) => named(l.carrierName, l.carrierCode),
            },
            { title: t`Rows`, dataIndex: 'rowCount', align: 'end' },
            {
              title: t`Import status`,
              dataIndex: 'status',
              render: (s: number, l) => <ImportStatusTag status={s} errorCount={l.errorCount} />,
            },
            { title: t`Importer`, dataIndex: 'importedBy' },
          ]}
        />
      </Drawer>
    </>
  );
}
