import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Flex, Modal, Progress, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ExportStatus, type ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { exportTaskCalls, exportTaskKeys, exportTaskQueries } from '../../api/queries/export-task.ts';
import { saveBlob } from '../../ui/save-blob.ts';

const POLL_MS = 1000;

/**
 * Export the rows the screen's filters select: the server writes the file in the background as an
 * export task; this follows its progress (export/listExportTask) and offers the file when done.
 * The task stays in the export centre (the header's bell, the Exports screen), where the file
 * downloads again for 7 days: closing the dialog loses nothing.
 * `blockedBy`: why the export cannot start as the screen stands ("Creation time range must be
 * selected"): the button is disabled and tells it.
 */
export function ExportAction({
  start,
  label,
  disabled,
  blockedBy,
}: {
  start: () => Promise<ExportTaskRecord>;
  /** The button's text when a screen offers several exports (default: Export). */
  label?: string;
  disabled?: boolean;
  blockedBy?: string | undefined;
}) {
  const { t } = useLingui();
  const [task, setTask] = useState<ExportTaskRecord | null>(null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const queryClient = useQueryClient();

  const poll = useQuery({
    ...exportTaskQueries.task(task?.recId ?? 0),
    enabled: task !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === ExportStatus.done || s === ExportStatus.failed || s === ExportStatus.expired
        ? false
        : POLL_MS;
    },
  });
  const current = poll.data ?? task;
  const rows = current?.rowCount ?? 0;
  const done = current?.status === ExportStatus.done;
  const failed = current?.status === ExportStatus.failed || current?.status === ExportStatus.expired;

  const begin = async () => {
    setStarting(true);
    try {
      setTask(await start());
      // The bell counts it at once.
      void queryClient.invalidateQueries({ queryKey: exportTaskKeys.all() });
    } catch {
      // The API core already showed why.
    } finally {
      setStarting(false);
    }
  };

  const download = async () => {
    if (!current) return;
    setDownloading(true);
    try {
      const file = await exportTaskCalls.download(current.recId);
      saveBlob(file.blob, file.filename);
    } catch {
      // Shown by the API core.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Tooltip title={blockedBy}>
        <Button
          icon={<ExportOutlined />}
          loading={starting}
          disabled={disabled || blockedBy !== undefined}
          data-testid="export-start"
          onClick={() => void begin()}
        >
          {label ?? t`Export`}
        </Button>
      </Tooltip>
      <Modal
        open={task !== null}
        title={label ?? t`Export`}
        onCancel={() => setTask(null)}
        footer={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!done}
            loading={downloading}
            onClick={() => void download()}
          >
            {t`Download`}
          </Button>
        }
      >
        {current && (
          <Flex vertical gap={12} data-testid="export-progress">
            <Typography.Text strong>{current.fileName}</Typography.Text>
            <Progress
              percent={done ? 100 : current.progress}
              status={failed ? 'exception' : done ? 'success' : 'active'}
            />
            <Typography.Text type="secondary">
              {done ? (
                <Trans>
                  {rows} rows exported. The file can be downloaded again for 7 days from the Exports screen or
                  the bell in the header.
                </Trans>
              ) : failed ? null : (
                <Trans>
                  Exporting… {rows} rows so far. You may close this window; the export goes on, and the bell
                  in the header tells when it is ready.
                </Trans>
              )}
            </Typography.Text>
            <Link to="/admin/export-task" onClick={() => setTask(null)} data-testid="export-open-centre">
              {t`Open the Exports screen`}
            </Link>
            {failed && <Alert type="error" showIcon title={t`The export failed; try again`} />}
          </Flex>
        )}
      </Modal>
    </>
  );
}
