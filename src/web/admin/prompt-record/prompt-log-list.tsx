import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import type { PromptLogRecord } from '../../../shared/contract/prompt-record.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptQueries } from '../../api/queries/prompt-record.ts';
import { ImportStatusTag, useImportStatusOptions } from '../../ui/import-status.tsx';
import { useTime } from '../foreign-order/origin-columns.tsx';
import { OptionsItem, TimeRangeItem } from '../shared/filter-fields.tsx';
import { FilterForm } from '../shared/filter-form.tsx';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { DEFAULT_PAGE_SIZE, logFiltersOf, type PromptRecordSearch } from './search.ts';

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
export function PromptLogList({
  search,
  onSearch,
  onPage,
  onOpen,
}: {
  search: PromptRecordSearch;
  onSearch: (values: LogFilters) => void;
  onPage: (pageNo: number, pageSize: number) => void;
  onOpen: (log: PromptLogRecord) => void;
}) {
  const { t, i18n } = useLingui();
  const statusOptions = useImportStatusOptions();
  const time = useTime();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useQuery(promptQueries.log(i18n.locale, { ...logFiltersOf(search), pageNo, pageSize }));

  const filters = (
    <FilterForm<LogFilters>
      value={{
        kind: search.kind,
        status: search.status,
        startTime: search.startTime,
        endTime: search.endTime,
      }}
      onSearch={onSearch}
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
      <PagedTable<PromptLogRecord>
        testId="prompt-log-table"
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={onPage}
        empty={t`No imports`}
        columns={[
          { title: t`Imported at`, dataIndex: 'importedAt', render: (v: string) => time(v) },
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
          { title: t`Rows`, dataIndex: 'rowCount', align: 'end' },
          { title: t`Orders updated`, dataIndex: 'recorded', align: 'end' },
          { title: t`Already recorded`, dataIndex: 'alreadyRecorded', align: 'end' },
          {
            title: t`Bad rows`,
            dataIndex: 'errorCount',
            align: 'end',
            render: (n: number) => (n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : 0),
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
