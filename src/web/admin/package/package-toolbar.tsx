import { useLingui } from '@lingui/react/macro';
import type { PackageRecord } from '../../../shared/contract/package.ts';
import { type PackageExportBody, packageFiles } from '../../api/queries/package.ts';
import { useCan } from '../../session/permissions.ts';
import { fileActions } from '../kit/file-actions.tsx';
import { selectionOf } from '../kit/selection-toolbar.tsx';
import { BillToolbar } from './bill-toolbar.tsx';
import { PackageLabelButtons } from './package-print.tsx';
import { usePackageOps } from './use-package-ops.tsx';

/**
 * The package list's operations, each with its permission: confirm, confirm pickup and cancel the
 * selected packages, print their labels; export the packages or their orders — the selected ones, else every package
 * the filters select.
 */
export function PackageToolbar({
  selected,
  filters,
  onChanged,
}: {
  selected: PackageRecord[];
  filters: Omit<PackageExportBody, 'ids'>;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const mayExport = useCan('package:export');
  const ops = usePackageOps(onChanged);
  const { withIds } = selectionOf(selected);

  return (
    <BillToolbar
      testId="package-selected"
      prompt={t`Select packages for the operations`}
      permission="package"
      selected={selected}
      ops={ops}
      more={<PackageLabelButtons packages={selected} />}
      files={fileActions({
        exports: mayExport && [
          { label: t`Export packages`, start: () => packageFiles.exportPackages(withIds(filters)) },
          { label: t`Export package orders`, start: () => packageFiles.exportDetail(withIds(filters)) },
        ],
      })}
    />
  );
}
