import { useLingui } from '@lingui/react/macro';
import type { OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { type OverseasExportBody, overseasFiles } from '../../api/queries/overseas-lading.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { selectionOf } from '../kit/selection-toolbar.tsx';
import { BillToolbar } from '../package/bill-toolbar.tsx';
import { useOverseasOps } from './use-overseas-ops.tsx';

/**
 * The overseas lading list's operations, each with its permission: confirm, confirm pickup and
 * cancel the selected bills; export their orders — of the selected bills, else of every bill the
 * filters select.
 */
export function OverseasToolbar({
  selected,
  filters,
  onChanged,
}: {
  selected: OverseasRecord[];
  filters: Omit<OverseasExportBody, 'ids'>;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const mayExport = useCan('overseasLading:export');
  const ops = useOverseasOps(onChanged);
  const { withIds } = selectionOf(selected);

  return (
    <BillToolbar
      testId="overseas-selected"
      prompt={t`Select bills for the operations`}
      permission="overseasLading"
      selected={selected}
      ops={ops}
      files={
        mayExport && (
          <ExportAction label={t`Export`} start={() => overseasFiles.exportBills(withIds(filters))} />
        )
      }
    />
  );
}
