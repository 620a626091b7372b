import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import { useState } from 'react';
import type { BatchDetail, BatchRecord } from '../../../shared/contract/batch.ts';
import { type BatchExportBody, batchFiles } from '../../api/queries/batch.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { useCan } from '../../session/permissions.ts';
import { fileActions } from '../kit/file-actions.tsx';
import { PrintSelectedButton, SelectionToolbar, selectionOf } from '../kit/selection-toolbar.tsx';
import { CreateBatchModal } from './air-cargo-modals.tsx';
import { BatchLabelButtons } from './batch-label-buttons.tsx';
import { PickupByNosModal } from './pickup-by-nos-modal.tsx';
import { batchActions, printBatchHref } from './search.ts';
import { useBatchOps } from './use-batch-ops.tsx';

/**
 * The batch list's operations, each shown only with its permission and enabled only when every
 * selected batch allows it: new batch, confirm pickup (one or several at once, or by batch nos),
 * cancel, print (the sheet; the summary labels to a printer, as .zpl or PDF); import batches and their air cargo (each with its template); export the batches
 * (the selected ones, else every batch the filters select) or their clearance data.
 */
export function BatchToolbar({
  selected,
  filters,
  onChanged,
  onCreated,
}: {
  selected: BatchRecord[];
  filters: Omit<BatchExportBody, 'ids'>;
  onChanged: () => void;
  onCreated: (batch: BatchDetail) => void;
}) {
  const { t } = useLingui();
  const canEdit = useCan('batch:edit');
  const canPickup = useCan('batch:pickup');
  const canCancel = useCan('batch:cancel');
  const canPrint = useCan('batch:print');
  const canImport = useCan('batch:import');
  const canExport = useCan('batch:export');
  const ops = useBatchOps(onChanged);
  const [creating, setCreating] = useState(false);
  const [byNos, setByNos] = useState(false);
  const { count, none, every, ids, withIds } = selectionOf(selected, batchActions);

  return (
    <SelectionToolbar
      testId="batch-selected"
      count={count}
      prompt={t`Select batches for the operations`}
      operations={
        <>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t`New batch`}
            </Button>
          )}
          {canPickup && (
            <Button disabled={!every('pickup')} onClick={() => ops.confirmPickup(selected)}>
              {t`Confirm pickup`}
            </Button>
          )}
          {canPickup && <Button onClick={() => setByNos(true)}>{t`Pick up by batch nos`}</Button>}
          {canCancel && (
            <Button danger disabled={!every('cancel')} onClick={() => ops.cancel(selected)}>
              {t`Cancel pickup`}
            </Button>
          )}
          {canPrint && <PrintSelectedButton selected={selected} href={printBatchHref} max={BILL_PRINT_MAX} />}
          {canPrint && <BatchLabelButtons batches={selected} />}
        </>
      }
      files={fileActions({
        onImported: onChanged,
        imports: canImport && [
          { label: t`Import batches`, upload: batchFiles.importBatches, template: batchFiles.template },
          {
            label: t`Import air cargo`,
            upload: batchFiles.importAirCargo,
            template: batchFiles.airCargoTemplate,
          },
        ],
        exports: canExport && [
          { label: t`Export`, start: () => batchFiles.exportBatches(withIds(filters)) },
          { label: t`Export clearance data`, disabled: none, start: () => batchFiles.exportClearance(ids()) },
        ],
      })}
    >
      {ops.modals}
      <CreateBatchModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(batch) => {
          setCreating(false);
          onChanged();
          onCreated(batch);
        }}
      />
      <PickupByNosModal
        open={byNos}
        onClose={() => setByNos(false)}
        onDone={(r) => {
          setByNos(false);
          void ops.pickedUpMany(r);
        }}
      />
    </SelectionToolbar>
  );
}
