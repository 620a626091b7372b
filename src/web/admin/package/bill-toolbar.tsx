import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../session/permissions.ts';
import { SelectionToolbar } from '../shared/selection-toolbar.tsx';
import type { useBillOps } from './bill-ops.tsx';
import { type BillState, canCancel, canConfirm, canPickup } from './bill-rules.ts';

/**
 * The toolbar of a bill list (packages, overseas lading bills): confirm, confirm pickup and cancel
 * the selected bills, each with its permission (`permission`:confirm, :pickup, :cancel) and only
 * when every selected bill allows it; the exports (`files`) at the end.
 */
export function BillToolbar<R extends BillState & { recId: number; no: string }>({
  testId,
  prompt,
  permission,
  selected,
  ops,
  cancelLabel,
  files,
}: {
  testId: string;
  prompt: string;
  permission: 'package' | 'overseasLading';
  selected: R[];
  ops: ReturnType<typeof useBillOps>;
  cancelLabel: string;
  files: ReactNode;
}) {
  const { t } = useLingui();
  const mayConfirm = useCan(`${permission}:confirm`);
  const mayPickup = useCan(`${permission}:pickup`);
  const mayCancel = useCan(`${permission}:cancel`);
  const none = selected.length === 0;
  return (
    <SelectionToolbar
      testId={testId}
      count={selected.length}
      prompt={prompt}
      operations={
        <>
          {mayConfirm && (
            <Button disabled={none || !selected.every(canConfirm)} onClick={() => ops.confirm(selected)}>
              {t`Confirm`}
            </Button>
          )}
          {mayPickup && (
            <Button disabled={none || !selected.every(canPickup)} onClick={() => ops.confirmPickup(selected)}>
              {t`Confirm pickup`}
            </Button>
          )}
          {mayCancel && (
            <Button danger disabled={none || !selected.every(canCancel)} onClick={() => ops.cancel(selected)}>
              {cancelLabel}
            </Button>
          )}
        </>
      }
      files={files}
    >
      {ops.modals}
    </SelectionToolbar>
  );
}
