import { useLingui } from '@lingui/react/macro';
import { Button, Flex, Space, Typography } from 'antd';
import type { OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { type OverseasExportBody, overseasFiles } from '../../api/queries/overseas.ts';
import { useCan } from '../../session/permissions.ts';
import { canCancel, canConfirm, canPickup } from '../package/bill-rules.ts';
import { ExportAction } from '../region/export-action.tsx';
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
  const mayConfirm = useCan('overseasLading:confirm');
  const mayPickup = useCan('overseasLading:pickup');
  const mayCancel = useCan('overseasLading:cancel');
  const mayExport = useCan('overseasLading:export');
  const ops = useOverseasOps(onChanged);
  const count = selected.length;
  const none = count === 0;
  const exportBody = (): OverseasExportBody =>
    none ? filters : { ...filters, ids: selected.slice(0, 500).map((b) => b.recId) };

  return (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ paddingBlock: 12 }}>
      <Space wrap>
        <Typography.Text type="secondary" data-testid="overseas-selected">
          {none ? t`Select bills for the operations` : t`${count} selected`}
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
            {t`Cancel pickup`}
          </Button>
        )}
      </Space>
      {mayExport && <ExportAction label={t`Export`} start={() => overseasFiles.exportBills(exportBody())} />}
      {ops.modals}
    </Flex>
  );
}
