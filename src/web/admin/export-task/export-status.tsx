import { useLingui } from '@lingui/react/macro';
import { Progress, Tag } from 'antd';
import { ExportStatus, type ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { exportTaskCalls } from '../../api/queries/export-task.ts';
import { saveBlob } from '../../ui/save-blob.ts';

/** Whether a task is still being written (waiting for a worker, or running). */
export const isBusy = (t: Pick<ExportTaskRecord, 'status'>) =>
  t.status === ExportStatus.waiting || t.status === ExportStatus.running;

/** A task's status as a tag; a running one shows its progress instead. */
export function ExportStatusTag({ task, compact }: { task: ExportTaskRecord; compact?: boolean }) {
  const { t } = useLingui();
  if (task.status === ExportStatus.running)
    return (
      <Progress
        percent={task.progress}
        size="small"
        status="active"
        style={{ minWidth: compact ? 80 : 120, margin: 0 }}
        data-testid="export-task-progress"
      />
    );
  const [color, text] =
    task.status === ExportStatus.waiting
      ? ['processing', t`Waiting`]
      : task.status === ExportStatus.done
        ? ['success', t`Ready`]
        : task.status === ExportStatus.failed
          ? ['error', t`Failed`]
          : ['default', t`Expired`];
  return (
    <Tag color={color} data-testid="export-task-status" data-status={task.status}>
      {text}
    </Tag>
  );
}

/** Downloads a finished task's file and saves it under its name. */
export async function downloadTask(task: Pick<ExportTaskRecord, 'recId'>): Promise<void> {
  const file = await exportTaskCalls.download(task.recId);
  saveBlob(file.blob, file.filename);
}
