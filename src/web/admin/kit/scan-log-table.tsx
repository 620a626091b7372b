import { ClearOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { type ScanLogEntry, scanCounts } from './scan-log.ts';
import { useFormat } from './use-format.ts';

const PAGE_SIZE = 10;

/**
 * The session log under a scan box: this session's scans, newest first, accepted or refused with
 * the server's reason, their time, and the counts; it can be cleared. Nothing shows before the
 * first scan.
 */
export function ScanLogTable({
  entries,
  onClear,
  testId,
}: {
  entries: readonly ScanLogEntry[];
  onClear: () => void;
  /** The log's test id; its counts are `${testId}-accepted` and `${testId}-refused`. */
  testId: string;
}) {
  const { t } = useLingui();
  const format = useFormat();
  if (entries.length === 0) return null;
  const counts = scanCounts(entries);
  const withDetail = entries.some((e) => e.detail);

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex align="center" gap={12} wrap>
          <Typography.Text strong>{t`This session's scans`}</Typography.Text>
          <Tag color="success">
            {t`Accepted`} <span data-testid={`${testId}-accepted`}>{format.count(counts.accepted)}</span>
          </Tag>
          <Tag color={counts.refused ? 'error' : 'default'}>
            {t`Refused`} <span data-testid={`${testId}-refused`}>{format.count(counts.refused)}</span>
          </Tag>
        </Flex>
        <Popconfirm
          title={t`Clear this session's scans from the log?`}
          okText={t`Clear`}
          cancelText={t`Cancel`}
          onConfirm={onClear}
        >
          <Button size="small" icon={<ClearOutlined />}>{t`Clear the log`}</Button>
        </Popconfirm>
      </Flex>
      <Table<ScanLogEntry>
        size="small"
        rowKey="id"
        dataSource={entries as ScanLogEntry[]}
        pagination={entries.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        onRow={(e) => ({ 'data-accepted': String(e.accepted) }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t`Time`,
            dataIndex: 'at',
            width: 170,
            render: (v: string) => format.dateTimeSeconds(v),
          },
          {
            title: t`Scanned no`,
            dataIndex: 'code',
            render: (v: string) => <bdi>{v}</bdi>,
          },
          {
            title: t`Result`,
            key: 'result',
            render: (_, e) => (
              <span>
                <Tag color={e.accepted ? 'success' : 'error'}>{e.accepted ? t`Accepted` : t`Refused`}</Tag>
                <Typography.Text type={e.accepted ? undefined : 'danger'}>{e.message}</Typography.Text>
              </span>
            ),
          },
          ...(withDetail
            ? [{ title: t`Details`, key: 'detail', render: (_: unknown, e: ScanLogEntry) => e.detail ?? '—' }]
            : []),
        ]}
      />
    </Flex>
  );
}
