import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { TableSettingsSlot } from './table-settings-slot.tsx';

/**
 * The toolbar above a list's table: how many rows are selected (`prompt` while none is), the
 * operations on them, then the file actions (imports, exports) and the table's settings at the
 * end; `children` are the dialogs the operations open.
 */
export function SelectionToolbar({
  testId,
  count,
  prompt,
  operations,
  files,
  children,
}: {
  /** The test id of the selection count ("package-selected"). */
  testId: string;
  count: number;
  prompt: string;
  operations: ReactNode;
  files: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ paddingBlock: 12 }}>
      {/* Flex, not Space: Space wraps each child element in an item, so the buttons of one
          component (Print to printer and Download .zpl) would sit in one item with no gap. */}
      <Flex wrap gap={8} align="center">
        <Typography.Text type="secondary" data-testid={testId}>
          {count === 0 ? prompt : t`${count} selected`}
        </Typography.Text>
        {operations}
      </Flex>
      <Flex wrap gap={8} align="center">
        {files}
        <TableSettingsSlot />
      </Flex>
      {children}
    </Flex>
  );
}

/** How many rows one bulk call takes (the server's bulk limit): a larger selection sends its first. */
const BULK_MAX = 500;

/** What a toolbar asks of its selected rows (see `selectionOf`). */
export interface Selection<R, A extends string> {
  count: number;
  none: boolean;
  /**
   * Some rows are selected and every one allows the operation: an action of `actionsOf` (as the
   * server decides them) or a test of a row.
   */
  every: (action: A | ((row: R) => boolean)) => boolean;
  /** The selected rows' ids, at most one bulk call's worth. */
  ids: () => number[];
  /** An export's body: the filters with the selected rows' ids, or the filters alone (every row they select) while none is selected. */
  withIds: <F extends object>(filters: F) => F | (F & { ids: number[] });
}

/**
 * The bookkeeping of a toolbar's selection: how many, none, whether every selected row allows an
 * operation (`actionsOf`: which operations a row allows), and the ids the operations and exports
 * send.
 */
export function selectionOf<R extends { recId: number }, A extends string = never>(
  selected: readonly R[],
  actionsOf?: (row: R) => Record<A, boolean>,
): Selection<R, A> {
  const count = selected.length;
  const none = count === 0;
  const ids = () => selected.slice(0, BULK_MAX).map((r) => r.recId);
  return {
    count,
    none,
    every: (action) =>
      !none &&
      selected.every((r) => (typeof action === 'function' ? action(r) : (actionsOf?.(r)[action] ?? false))),
    ids,
    withIds: (filters) => (none ? filters : { ...filters, ids: ids() }),
  };
}

/**
 * The print button of a toolbar: the print page of the selected rows (`href`) in its own window,
 * enabled while some rows and at most `max` are selected; beyond `max` it says so (a print page
 * takes at most that many, so it never prints the first of a larger selection only).
 */
export function PrintSelectedButton<R>({
  selected,
  href,
  max = Number.POSITIVE_INFINITY,
  label,
}: {
  selected: readonly R[];
  href: (rows: readonly R[]) => string;
  max?: number;
  /** The button's text ("Print" unless given). */
  label?: string;
}) {
  const { t, i18n } = useLingui();
  const tooMany = selected.length > max;
  const printable = selected.length > 0 && !tooMany;
  const most = i18n.number(max);
  return (
    <Tooltip title={tooMany ? t`Select at most ${most} to print` : undefined}>
      <Button
        icon={<PrinterOutlined />}
        disabled={!printable}
        href={printable ? href(selected) : undefined}
        target="_blank"
      >
        {label ?? t`Print`}
      </Button>
    </Tooltip>
  );
}
