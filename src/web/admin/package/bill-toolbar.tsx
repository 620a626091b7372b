import { useLingui } from '@lingui/react/macro';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../session/permissions.ts';
import { SelectionToolbar, selectionOf } from '../kit/selection-toolbar.tsx';
import type { useBillOps } from './bill-ops.tsx';
import { type BillState, canCancel, canConfirm, canPickup } from './bill-rules.ts';

/**
 * The toolbar of a bill list (packages, overseas lading bills): the operations on the selected bills
 * (BillOperations) and `more`, the exports (`files`) at the end.
 */
export function BillToolbar<R extends BillState & { recId: number; no: string }>({
  testId,
  prompt,
  permission,
  selected,
  ops,
  files,
  more,
}: {
  testId: string;
  prompt: string;
  permission: BillPermission;
  selected: R[];
  ops: ReturnType<typeof useBillOps>;
  files: ReactNode;
  /** More operations on the selected bills, after the bill operations (labels). */
  more?: ReactNode;
}) {
  return (
    <SelectionToolbar
      testId={testId}
      count={selected.length}
      prompt={prompt}
      operations={
        <Space wrap>
          <BillOperations permission={permission} bills={selected} ops={ops} />
          {more}
        </Space>
      }
      files={files}
    >
      {ops.modals}
    </SelectionToolbar>
  );
}

type BillPermission = 'package' | 'overseasLading';

/**
 * Confirm, confirm pickup and cancel `bills` (the selected ones of a list, or the one of a detail),
 * each with its permission (`permission`:confirm, :pickup, :cancel) and only when every bill allows
 * it (cancel is called as `ops` name it). The caller renders `ops.modals`, the dialogs they open.
 */
export function BillOperations<R extends BillState & { recId: number; no: string }>({
  permission,
  bills,
  ops,
}: {
  permission: BillPermission;
  bills: R[];
  ops: ReturnType<typeof useBillOps>;
}) {
  const { t } = useLingui();
  const mayConfirm = useCan(`${permission}:confirm`);
  const mayPickup = useCan(`${permission}:pickup`);
  const mayCancel = useCan(`${permission}:cancel`);
  const { every } = selectionOf(bills);
  return (
    <Space wrap>
      {mayConfirm && (
        <Button disabled={!every(canConfirm)} onClick={() => ops.confirm(bills)}>
          {t`Confirm`}
        </Button>
      )}
      {mayPickup && (
        <Button disabled={!every(canPickup)} onClick={() => ops.confirmPickup(bills)}>
          {t`Confirm pickup`}
        </Button>
      )}
      {mayCancel && (
        <Button danger disabled={!every(canCancel)} onClick={() => ops.cancel(bills)}>
          {ops.cancelLabel}
        </Button>
      )}
    </Space>
  );
}
