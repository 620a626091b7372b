import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Tag, Typography } from 'antd';
import type { PromptLogRecord } from '../../../shared/contract/prompt-record.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptQueries } from '../../api/queries/prompt-record.ts';
import { ImportStatusTag, useImportStatusOptions } from '../../ui/import-status.tsx';
import { OptionsItem, TimeRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { logFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/report/promptRecord');

import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';

export type LogFilters = {
  kind?: number | undefined;
  status?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
};

/**
 * The delivery and return imports (promptLogList): file, time, importer, rows, what each recorded
 * and whether it was refused. A file name opens the records it wrote (`onOpen`).
 */
export function PromptLogList({ onOpen }: { onOpen: (log: PromptLogRecord) => void }) {
  const { t, i18n } = useLingui();
  const statusOptions = useImportStatusOptions();
  const f = useFormat();
  const screen = useListScreen({
    route: routeApi,
    filtersOf: logFiltersOf,
    sorts: LIST_SORTS.promptLog,
    keep: ['tab'],
    selectable: false,
    query: (body) => promptQueries.log(i18n.locale, body),
  });
  const { search } = screen;

  const filters = (
    <FilterForm<LogFilters>
      value={{
        kind: search.kind,
        status: search.status,
        startTime: search.startTime,
        endTime: search.endTime,
      }}
      onSearch={screen.onSearch}
      label={t`Filter imports`}
    >
      <OptionsItem
        name="kind"
        label={t`Kind`}
        width={160}
        options={[
          { value: PromptKind.delivery, label: t`Delivery` },
          { value: PromptKind.return, label: t`Return` },
        ]}
      />
      <OptionsItem name="status" label={t`Import status`} width={160} options={statusOptions} />
      <TimeRangeItem label={t`Imported at`} />
    </FilterForm>
  );

  return (
    <ListFrame testId="prompt-log" title={t`Import log`} filters={filters}>
      <ListTable<PromptLogRecord>
        listKey="promptLog"
        testId="prompt-log-table"
        {...screen.table}
        empty={t`No imports`}
        columns={[
          { title: t`Imported at`, dataIndex: 'importedAt', sortKey: 'importedAt', render: f.dateTime },
          {
            title: t`Kind`,
            dataIndex: 'kindName',
            render: (name: string, r) => (
              <Tag color={r.kind === PromptKind.delivery ? 'green' : 'orange'}>{name}</Tag>
            ),
          },
          {
            title: t`Import file`,
            dataIndex: 'fileName',
            render: (name: string, r) =>
              r.status === 1 && r.recorded > 0 ? (
                <Typography.Link onClick={() => onOpen(r)}>{name}</Typography.Link>
              ) : (
                name
              ),
          },
          { title: t`Imported by`, dataIndex: 'importedBy' },
          { title: t`Rows`, dataIndex: 'rowCount', sortKey: 'rowCount', align: 'end', render: f.count },
          { title: t`Orders updated`, dataIndex: 'recorded', align: 'end', render: f.count },
          { title: t`Already recorded`, dataIndex: 'alreadyRecorded', align: 'end', render: f.count },
          {
            title: t`Bad rows`,
            dataIndex: 'errorCount',
            align: 'end',
            render: (n: number) =>
              n > 0 ? <Typography.Text type="danger">{f.count(n)}</Typography.Text> : 0,
          },
          {
            title: t`Import status`,
            dataIndex: 'status',
            render: (s: number, r) => <ImportStatusTag status={s} errorCount={r.errorCount} />,
          },
        ]}
      />
    </ListFrame>
  );
}
