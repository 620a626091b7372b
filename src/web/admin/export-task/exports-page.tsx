import { DeleteOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ExportStatus, type ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { ltrFileName } from '../../../shared/i18n/bidi.ts';
import { exportTaskCalls, exportTaskKeys } from '../../api/queries/export-task.ts';
import type { KitColumns } from '../kit/columns.ts';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { useListScreen } from '../kit/use-list-screen.ts';
import { downloadTask, ExportStatusTag, isBusy } from './export-status.tsx';
import { type ExportFilterValues, exportList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/export-task');

/**
 * /admin/export-task, the export centre: the caller's own export tasks of the last 7 days (every
 * account sees only its own), with their status and progress, rows, size, times and error; the
 * file to download, a failed or finished export to run again, a task to delete. Opening it marks
 * the finished ones seen (the header's bell counts those not seen).
 */
export function ExportsPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const screen = useListScreen({
    route: routeApi,
    ...exportList,
    selectable: false,
  });
  const columns = useExportColumns(
    () => void queryClient.invalidateQueries({ queryKey: exportTaskKeys.all() }),
  );
  const unseen = screen.list.data?.records.some((r) => !r.seen && !isBusy(r));

  useEffect(() => {
    if (!unseen) return;
    void exportTaskCalls
      .markSeen()
      .then(() => queryClient.invalidateQueries({ queryKey: [...exportTaskKeys.all(), 'summary'] }))
      .catch(() => undefined);
  }, [unseen, queryClient]);

  return (
    <ListFrame
      testId="exports-page"
      title={t`Exports`}
      filters={<ExportFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <Typography.Paragraph type="secondary" style={{ marginBlock: 12 }}>
        {t`Your exports of the last 7 days. Each file can be downloaded until it expires; then it is deleted.`}
      </Typography.Paragraph>
      <ListTable<ExportTaskRecord>
        listKey="exports"
        testId="exports-table"
        rowKey="recId"
        columns={columns}
        empty={t`No exports yet`}
        {...screen.table}
      />
    </ListFrame>
  );
}

function ExportFilters({
  value,
  onSearch,
}: {
  value: ExportFilterValues;
  onSearch: (values: ExportFilterValues) => void;
}) {
  const { t } = useLingui();
  const options = [
    { value: String(ExportStatus.waiting), label: t`Waiting` },
    { value: String(ExportStatus.running), label: t`Running` },
    { value: String(ExportStatus.done), label: t`Ready` },
    { value: String(ExportStatus.failed), label: t`Failed` },
  ];
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter exports`}
      testId="exports-filters"
      listKey="exports"
    >
      <TextItem name="name" label={t`Name`} maxLength={100} />
      <OptionsItem name="status" label={t`Status`} options={options} width={140} />
    </FilterForm>
  );
}

function useExportColumns(changed: () => void): KitColumns<ExportTaskRecord> {
  const { t } = useLingui();
  const f = useFormat();
  const size = (bytes: number | null) =>
    bytes === null
      ? '—'
      : bytes < 1024 * 1024
        ? t`${f.number(bytes / 1024, 1)} KB`
        : t`${f.number(bytes / 1024 / 1024, 1)} MB`;
  return [
    {
      title: t`Name`,
      dataIndex: 'name',
      fixed: 'start',
      render: (name: string, r) => (
        <Flex vertical>
          <Typography.Text strong={!r.seen && !isBusy(r)}>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <bdi dir="ltr">{ltrFileName(r.fileName)}</bdi>
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t`Status`, key: 'status', render: (_: unknown, r) => <ExportStatusTag task={r} /> },
    { title: t`Rows`, dataIndex: 'rowCount', align: 'end', render: f.count },
    { title: t`Size`, dataIndex: 'fileSize', align: 'end', render: size },
    { title: t`Created`, dataIndex: 'createdAt', render: f.dateTime },
    { title: t`Finished`, dataIndex: 'finishedAt', render: (v: string | null) => (v ? f.dateTime(v) : '—') },
    { title: t`Expires`, dataIndex: 'expiresAt', render: f.dateTime },
    {
      title: t`Error`,
      dataIndex: 'error',
      render: (v: string | null) =>
        v ? (
          <Typography.Text type="danger" style={{ maxWidth: 280 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_: unknown, r) => <TaskActions task={r} changed={changed} />,
    },
  ];
}

function TaskActions({ task, changed }: { task: ExportTaskRecord; changed: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<'download' | 'retry' | 'delete' | null>(null);
  const run = async (what: 'download' | 'retry' | 'delete', action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
      if (what !== 'download') changed();
    } catch {
      // The API core showed why.
    } finally {
      setBusy(null);
    }
  };
  const running = isBusy(task);
  return (
    <Flex gap={4}>
      <Tooltip title={t`Download`}>
        <Button
          size="small"
          type="primary"
          icon={<DownloadOutlined />}
          aria-label={t`Download ${task.fileName}`}
          disabled={task.status !== ExportStatus.done}
          loading={busy === 'download'}
          data-testid="exports-download"
          onClick={() => void run('download', () => downloadTask(task))}
        />
      </Tooltip>
      <Tooltip title={task.status === ExportStatus.failed ? t`Try again` : t`Export again`}>
        <Button
          size="small"
          icon={<RedoOutlined />}
          aria-label={t`Export again`}
          disabled={running}
          loading={busy === 'retry'}
          data-testid="exports-retry"
          onClick={() => void run('retry', () => exportTaskCalls.retry(task.recId))}
        />
      </Tooltip>
      <Popconfirm
        title={t`Delete this export and its file?`}
        okText={t`Delete`}
        cancelText={t`Cancel`}
        disabled={running}
        onConfirm={() => run('delete', () => exportTaskCalls.remove(task.recId))}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t`Delete`}
          disabled={running}
          loading={busy === 'delete'}
          data-testid="exports-delete"
        />
      </Popconfirm>
    </Flex>
  );
}
