import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import type { PromptLogRecord } from '../../../shared/contract/prompt-record.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { promptQueries } from '../../api/queries/prompt-record.ts';
import { ImportStatusTag, useImportStatusOptions } from '../../ui/import-status.tsx';
import { useTime } from '../foreign-order/origin-columns.tsx';
import {
  RangeField,
  rangeOf,
  SearchButton,
  type TimeRange,
  timesOf,
  useListPagination,
  useUrlValues,
} from '../system/filter-fields.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { DEFAULT_PAGE_SIZE, logFiltersOf, type PromptRecordSearch } from './search.ts';

interface FormValues {
  kind?: number;
  status?: number;
  range?: TimeRange;
}

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
  const [form] = Form.useForm<FormValues>();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useQuery(promptQueries.log(i18n.locale, { ...logFiltersOf(search), pageNo, pageSize }));
  const pagination = useListPagination(pageNo, pageSize, list.data?.total ?? 0, onPage);

  useUrlValues(form, {
    kind: search.kind,
    status: search.status,
    range: rangeOf(search.startTime, search.endTime),
  });

  const filters = (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter imports`}
      onFinish={({ range, ...rest }: FormValues) => onSearch({ ...rest, ...timesOf(range) })}
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="kind" label={t`Kind`}>
          <Select
            allowClear
            style={{ inlineSize: 160 }}
            placeholder={t`All`}
            options={[
              { value: PromptKind.delivery, label: t`Delivery` },
              { value: PromptKind.return, label: t`Return` },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label={t`Import status`}>
          <Select allowClear style={{ inlineSize: 160 }} placeholder={t`All`} options={statusOptions} />
        </Form.Item>
        <RangeField label={t`Imported at`} />
        <SearchButton />
      </Flex>
    </Form>
  );

  return (
    <ListFrame testId="prompt-log" title={t`Import log`} filters={filters}>
      <Table<PromptLogRecord>
        data-testid="prompt-log-table"
        rowKey="recId"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.records}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No imports`} /> }}
        pagination={pagination}
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
