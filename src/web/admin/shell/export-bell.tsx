import { BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge, Button, Empty, Flex, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { ExportStatus, type ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { AccountType } from '../../../shared/domain/enums.ts';
import { exportTaskCalls, exportTaskKeys, exportTaskQueries } from '../../api/queries/export-task.ts';
import { useSession } from '../../session/store.ts';
import { downloadTask, ExportStatusTag } from '../export-task/export-status.tsx';
import { useFormat } from '../kit/use-format.ts';

/**
 * The header's bell (the export centre, issue 41): its badge counts the caller's exports being
 * written and those finished since the bell or the Exports screen was last opened; it opens on the
 * latest few, each with its file to download, and leads to the Exports screen with all of them
 * (7 days). Opening it marks the finished ones seen. Every account has one but a PDA's.
 */
export function ExportBell() {
  const session = useSession();
  if (!session || session.user.type === AccountType.pda) return null;
  return <Bell />;
}

function Bell() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery(exportTaskQueries.summary(i18n.locale));
  const count = (data?.running ?? 0) + (data?.unseen ?? 0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Seen once looked at: the badge keeps only what is still being written.
    if (next && data?.unseen)
      void exportTaskCalls
        .markSeen()
        .then(() => queryClient.invalidateQueries({ queryKey: exportTaskKeys.all() }))
        .catch(() => undefined);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t`Exports`}
      content={<Recent tasks={data?.recent ?? []} onLeave={() => setOpen(false)} />}
    >
      <Badge count={count} size="small" offset={[-2, 4]} data-testid="export-bell-count">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={count ? t`Exports (${count})` : t`Exports`}
          data-testid="export-bell"
          data-running={data?.running ?? 0}
          data-unseen={data?.unseen ?? 0}
        />
      </Badge>
    </Popover>
  );
}

function Recent({ tasks, onLeave }: { tasks: ExportTaskRecord[]; onLeave: () => void }) {
  const { t } = useLingui();
  const f = useFormat();
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (task: ExportTaskRecord) => {
    setBusy(task.recId);
    try {
      await downloadTask(task);
    } catch {
      // The API core showed why.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Flex vertical gap={8} style={{ width: 380, maxWidth: '80vw' }} data-testid="export-bell-popover">
      {tasks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No exports yet`} />
      ) : (
        <List
          size="small"
          dataSource={tasks}
          rowKey="recId"
          renderItem={(task) => (
            <List.Item
              data-testid="export-bell-item"
              data-task={task.recId}
              actions={
                task.status === ExportStatus.done
                  ? [
                      <Button
                        key="download"
                        size="small"
                        icon={<DownloadOutlined />}
                        loading={busy === task.recId}
                        aria-label={t`Download ${task.fileName}`}
                        data-testid="export-bell-download"
                        onClick={() => void download(task)}
                      />,
                    ]
                  : []
              }
            >
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text ellipsis={{ tooltip: task.fileName }} strong={!task.seen}>
                  {task.name}
                </Typography.Text>
                <Flex gap={8} align="center" wrap>
                  <ExportStatusTag task={task} compact />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {f.dateTime(task.createdAt)}
                    {task.status === ExportStatus.done ? ` · ${t`${f.count(task.rowCount)} rows`}` : ''}
                  </Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
      <Link to="/admin/export-task" onClick={onLeave} data-testid="export-bell-all">
        {t`All exports (kept 7 days)`}
      </Link>
    </Flex>
  );
}
