import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BatchPickupManyResult, BatchRecord } from '../../../shared/contract/batch.ts';
import { batchKeys, batchOps } from '../../api/queries/batch.ts';
import { useBillOps } from '../package/bill-ops.tsx';

const asBill = (b: Pick<BatchRecord, 'recId' | 'batchNo'>) => ({ recId: b.recId, no: b.batchNo });

/** A pickup of several batches as the shared operations read it: each dropped parcel under its batch. */
const asPickupMany = (r: BatchPickupManyResult) => ({
  message: r.message,
  dropped: r.dropped.map((d) => ({ ...d, billId: d.batchId })),
});

/**
 * The batch operations (list toolbar, detail drawer), behind their prompts: confirm pickup (the
 * airline took it: the orders of its lading bills go in transit; several batches in one call, all
 * or none; orders cancelled or intercepted meanwhile are taken out of their lading bills and listed
 * until the operator closes the list) and cancel (its lading bills are freed for another batch).
 * `pickedUpMany` shows a pickup by batch nos the same way.
 */
export function useBatchOps(onDone?: () => void) {
  const { t } = useLingui();
  const ops = useBillOps(
    {
      queryKey: batchKeys.all(),
      confirmPickup: batchOps.confirmPickup,
      confirmPickupMany: async (ids) => asPickupMany(await batchOps.confirmPickupMany({ ids })),
      cancel: batchOps.cancel,
      freed: (n) => t({ message: plural(n, { one: '# lading bill freed', other: '# lading bills freed' }) }),
      selected: (n) => t({ message: plural(n, { one: '# selected batch', other: '# selected batches' }) }),
      noLabel: t`Batch no`,
      pickupContent: t`The airline took the batch: the orders of its lading bills go in transit. Orders cancelled or intercepted meanwhile are taken out of their lading bills and listed: set them aside.`,
      cancelContent: t`Its lading bills are freed and may be put into another batch. A batch already picked up cannot be cancelled.`,
      cancelLabel: t`Cancel pickup`,
      summary: (done, refused) =>
        t({
          message: plural(done, {
            one: `# batch done, ${refused} refused`,
            other: `# batches done, ${refused} refused`,
          }),
        }),
    },
    onDone,
  );
  return {
    confirmPickup: (batches: Pick<BatchRecord, 'recId' | 'batchNo'>[]) =>
      ops.confirmPickup(batches.map(asBill)),
    cancel: (batches: Pick<BatchRecord, 'recId' | 'batchNo'>[]) => ops.cancel(batches.map(asBill)),
    pickedUpMany: (r: BatchPickupManyResult) => ops.pickedUpMany(asPickupMany(r), r.batches.map(asBill)),
    modals: ops.modals,
  };
}
