import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Tag } from 'antd';
import { ImportStatus } from '../../shared/domain/import-status.ts';

/** An import log's status as every import-record screen shows it. */
export function ImportStatusTag({ status, errorCount }: { status: number; errorCount: number }) {
  const { t } = useLingui();
  if (status === ImportStatus.imported) return <Tag color="success">{t`Imported`}</Tag>;
  if (status === ImportStatus.writing) return <Tag color="processing">{t`Writing`}</Tag>;
  if (status === ImportStatus.failed) return <Tag color="error">{t`Failed, nothing written`}</Tag>;
  return (
    <Tag color="error">
      {t({ message: plural(errorCount, { one: 'Refused: # problem', other: 'Refused: # problems' }) })}
    </Tag>
  );
}

/** The import statuses a filter offers. */
export function useImportStatusOptions() {
  const { t } = useLingui();
  return [
    { value: ImportStatus.imported, label: t`Imported` },
    { value: ImportStatus.refused, label: t`Refused` },
    { value: ImportStatus.failed, label: t`Failed, nothing written` },
    { value: ImportStatus.writing, label: t`Writing` },
  ];
}
