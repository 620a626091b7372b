import { useLingui } from '@lingui/react/macro';
import { batchKeys, batchOps } from '../../api/queries/batch.ts';
import { ladingKeys } from '../../api/queries/lading.ts';
import { BillScanBox } from '../lading/bill-scan-box.tsx';

/**
 * Add a lading bill to a batch not yet picked up by its number, typed or scanned: the bill must be
 * picked up and in no other live batch; a refusal stays shown (the desk's BillScanBox).
 */
export function LadingScanBox({ batchId }: { batchId: number }) {
  const { t } = useLingui();
  return (
    <BillScanBox
      label={t`Add a lading bill`}
      placeholder={t`Scan or type a lading bill no`}
      button={t`Add`}
      scan={(code) => batchOps.scanLading(batchId, code)}
      refresh={[batchKeys.all(), ladingKeys.all()]}
      testId="batch-scan"
    />
  );
}
