import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { type LadingExportBody, ladingFiles } from '../../api/queries/lading.ts';
import { printerMutations } from '../../api/queries/printer.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { useCan } from '../../session/permissions.ts';
import { CreateBatchModal } from '../batch/air-cargo-modals.tsx';
import { fileActions } from '../kit/file-actions.tsx';
import { PrintSelectedButton, SelectionToolbar, selectionOf } from '../kit/selection-toolbar.tsx';
import { ManifestButtons } from '../shared/manifest-buttons.tsx';
import { PrintToPrinterButton } from '../shared/print-to-printer.tsx';
import { CreateLadingModal } from './create-modal.tsx';
import { ladingActions, printLadingHref, printLadingLabelHref } from './search.ts';
import { useLadingOps } from './use-lading-ops.tsx';

/**
 * The lading list's operations, each shown only with its permission and enabled only when every
 * selected bill allows it: new bill, confirm, confirm pickup, cancel pickup, print (an A4 sheet or
 * a label per bill, or the labels on a network printer; the handover manifest of one picked-up
 * bill), and a new batch of the selected picked-up bills; import bills; export the bills
 * (the selected ones, else every bill the filters select) or their parcels for customs.
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
  const printLabels = useMutation(printerMutations.printLadingLabels());
  const [creating, setCreating] = useState(false);
  const { count, none, every, ids, withIds } = selectionOf(selected, ladingActions);

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
            <>
              <PrintSelectedButton selected={selected} href={printLadingHref} max={BILL_PRINT_MAX} />
              <PrintSelectedButton
                selected={selected}
                href={printLadingLabelHref}
                max={BILL_PRINT_MAX}
                label={t`Print bill labels`}
              />
              <PrintToPrinterButton
                count={count}
                disabled={count > BILL_PRINT_MAX}
                send={(printerId) =>
                  printLabels.mutateAsync({ ids: ids(), ...(printerId ? { printerId } : {}) })
                }
                testId="print-bills-to-printer"
              />
              <ManifestButtons
                disabled={count !== 1 || selected[0]?.pickupStatus !== PickupStatus.pickedUp}
                download={(format) => ladingFiles.manifest(selected[0]!.recId, format)}
                testId="list-manifest"
              />
            </>
          )}
          {canBatch && (
            <Button
              disabled={
                count > 500 || !every((b) => b.pickupStatus === PickupStatus.pickedUp && b.batchId === null)
              }
              onClick={() => setBatching(true)}
            >
              {t`New batch`}
            </Button>
          )}
        </>
      }
      files={fileActions({
        onImported: onChanged,
        imports: canImport && [
          {
            title: t`Import lading bills`,
            label: t`Import`,
            upload: ladingFiles.importBills,
            template: ladingFiles.template,
          },
        ],
        exports: canExport && [
          { label: t`Export`, start: () => ladingFiles.exportBills(withIds(filters)) },
          {
            label: t`Export clearance packages`,
            disabled: none,
            start: () => ladingFiles.exportClearancePackage(ids()),
          },
        ],
      })}
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
