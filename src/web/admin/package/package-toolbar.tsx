import { useLingui } from '@lingui/react/macro';
import { Button, Flex, Space, Typography } from 'antd';
import type { PackageRecord } from '../../../shared/contract/package.ts';
import { type PackageExportBody, packageFiles } from '../../api/queries/package.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../region/export-action.tsx';
import { canCancel, canConfirm, canPickup } from './bill-rules.ts';
import { usePackageOps } from './use-package-ops.tsx';

/**
 * The package list's operations, each with its permission: confirm, confirm pickup and cancel the
 * selected packages; export the packages or their orders — the selected ones, else every package
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
  const mayConfirm = useCan('package:confirm');
  const mayPickup = useCan('package:pickup');
  const mayCancel = useCan('package:cancel');
  const mayExport = useCan('package:export');
  const ops = usePackageOps(onChanged);
  const count = selected.length;
  const none = count === 0;
  const exportBody = (): PackageExportBody =>
    none ? filters : { ...filters, ids: selected.slice(0, 500).map((p) => p.recId) };

  return (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ paddingBlock: 12 }}>
      <Space wrap>
        <Typography.Text type="secondary" data-testid="package-selected">
          {none ? t`Select packages for the operations` : t`${count} selected`}
        </Typography.Text>
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
            {t`Cancel package`}
          </Button>
        )}
      </Space>
      {mayExport && (
        <Space wrap>
          <ExportAction label={t`Export packages`} start={() => packageFiles.exportPackages(exportBody())} />
          <ExportAction
            label={t`Export package orders`}
            start={() => packageFiles.exportDetail(exportBody())}
          />
        </Space>
      )}
      {ops.modals}
    </Flex>
  );
}
