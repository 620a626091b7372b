import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import { useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { type LadingExportBody, ladingFiles } from '../../api/queries/lading.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { useCan } from '../../session/permissions.ts';
import { CreateBatchModal } from '../batch/air-cargo-modals.tsx';
import { ExportAction } from '../region/export-action.tsx';
import { ImportAction } from '../region/import-action.tsx';
import { SelectionToolbar } from '../shared/selection-toolbar.tsx';
import { CreateLadingModal } from './create-modal.tsx';
import { ladingActions, printLadingHref } from './search.ts';
import { useLadingOps } from './use-lading-ops.tsx';

/**
 * The lading list's operations, each shown only with its permission and enabled only when every
 * selected bill allows it: new bill, confirm, confirm pickup, cancel pickup, print, and a new batch
 * of the selected picked-up bills; import bills; export the bills (the selected ones, else every
 * bill the filters select) or their parcels for customs.
 */
export function LadingToolbar({
  selected,
  filters,
  onChanged,
  onCreated,
  onBatched,
}: {
  selected: LadingRecord[];
  filters: Omit<LadingExportBody, 'ids'>;
  onChanged: () => void;
  onCreated: (bill: { recId: number; no: string }) => void;
  /** A batch was made of the selected bills. */
  onBatched: (batch: { recId: number }) => void;
}) {
  const { t } = useLingui();
  const canScan = useCan('lading:scan');
  const canConfirm = useCan('lading:confirm');
  const canPickup = useCan('lading:pickup');
  const canCancel = useCan('lading:cancel');
  const canPrint = useCan('lading:print');
  const canImport = useCan('lading:import');
  const canExport = useCan('lading:export');
  const canBatch = useCan('batch:edit');
  const [batching, setBatching] = useState(false);
  const ops = useLadingOps(onChanged);
  const [creating, setCreating] = useState(false);
  const count = selected.length;
  const none = count === 0;
  const every = (k: keyof ReturnType<typeof ladingActions>) =>
    !none && selected.every((b) => ladingActions(b)[k]);
  const ids = () => selected.slice(0, 500).map((b) => b.recId);
  const exportBody = (): LadingExportBody => (none ? filters : { ...filters, ids: ids() });

  return (
    <SelectionToolbar
      testId="lading-selected"
      count={count}
      prompt={t`Select bills for the operations`}
      operations={
        <>
          {canScan && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t`New lading bill`}
            </Button>
          )}
          {canConfirm && (
            <Button disabled={!every('confirm')} onClick={() => ops.confirm(selected)}>
              {t`Confirm`}
            </Button>
          )}
          {canPickup && (
            <Button disabled={!every('pickup')} onClick={() => ops.pickup(selected)}>
              {t`Confirm pickup`}
            </Button>
          )}
          {canCancel && (
            <Button danger disabled={!every('cancel')} onClick={() => ops.cancel(selected)}>
              {t`Cancel pickup`}
            </Button>
          )}
          {canPrint && (
            <Button
              icon={<PrinterOutlined />}
              disabled={none || count > BILL_PRINT_MAX}
              href={none || count > BILL_PRINT_MAX ? undefined : printLadingHref(selected)}
              target="_blank"
            >
              {t`Print`}
            </Button>
          )}
          {canBatch && (
            <Button
              disabled={
                none ||
                count > 500 ||
                !selected.every((b) => b.pickupStatus === PickupStatus.pickedUp && b.batchId === null)
              }
              onClick={() => setBatching(true)}
            >
              {t`New batch`}
            </Button>
          )}
        </>
      }
      files={
        <>
          {canImport && (
            <ImportAction
              title={t`Import lading bills`}
              label={t`Import`}
              upload={ladingFiles.importBills}
              template={ladingFiles.template}
              onImported={onChanged}
            />
          )}
          {canExport && (
            <>
              <ExportAction label={t`Export`} start={() => ladingFiles.exportBills(exportBody())} />
              <ExportAction
                label={t`Export clearance packages`}
                disabled={none}
                start={() => ladingFiles.exportClearancePackage(ids())}
              />
            </>
          )}
        </>
      }
    >
      {ops.modals}
      <CreateBatchModal
        open={batching}
        ladings={selected}
        onClose={() => setBatching(false)}
        onCreated={(batch) => {
          setBatching(false);
          onChanged();
          onBatched(batch);
        }}
      />
      <CreateLadingModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(bill) => {
          setCreating(false);
          onChanged();
          onCreated(bill);
        }}
      />
    </SelectionToolbar>
  );
}
