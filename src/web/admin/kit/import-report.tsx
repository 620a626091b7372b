import { useLingui } from '@lingui/react/macro';
import { Alert, Flex } from 'antd';
import { isApiError } from '../../api/errors.ts';
import { RowsTable } from './rows-table.tsx';

/** One bad row of an import refusal (the import engine's `data.errors`). */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** Why the server refused a file: its message and the bad rows it listed. */
export interface ImportRefusal {
  msg: string;
  errors: ImportRowError[];
  /** Every problem found; the server lists the first ones only. */
  errorCount: number;
}

/** The refusal an import call rejected with (another failure keeps its message, with no rows). */
export function importRefusalOf(e: unknown): ImportRefusal {
  if (!isApiError(e)) return { msg: String(e), errors: [], errorCount: 0 };
  const data = e.data as { errors?: ImportRowError[]; errorCount?: number } | null;
  return { msg: e.msg, errors: data?.errors ?? [], errorCount: data?.errorCount ?? 0 };
}

/**
 * A refused import: the server's message and every bad row it listed (row, column, reason), so
 * the file can be fixed and sent again. A refused import wrote nothing.
 */
export function ImportReport({ refusal }: { refusal: ImportRefusal }) {
  const { t } = useLingui();
  const shown = refusal.errors.length;
  const total = refusal.errorCount;
  return (
    <Flex vertical gap={12} data-testid="import-report">
      <Alert
        type="error"
        showIcon
        title={refusal.msg}
        description={total > shown ? t`The first ${shown} of ${total} problems are listed.` : undefined}
      />
      {shown > 0 && (
        <RowsTable<ImportRowError>
          testId="import-errors"
          rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
          rows={refusal.errors}
          localPageSize={10}
          columns={[
            { title: t`Row`, dataIndex: 'row', width: 80 },
            { title: t`Column`, dataIndex: 'column', width: 200 },
            { title: t`Reason`, dataIndex: 'message' },
          ]}
        />
      )}
    </Flex>
  );
}
