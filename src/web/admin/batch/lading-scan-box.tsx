import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex } from 'antd';
import { useState } from 'react';
import { batchKeys, batchOps } from '../../api/queries/batch.ts';
import { ladingKeys } from '../../api/queries/lading.ts';
import { reasonOf } from '../order/order-results.tsx';
import { ScanInput } from '../shared/scan-input.tsx';

/**
 * Add a lading bill to a batch not yet picked up by its number, typed or scanned: the bill must be
 * picked up and in no other live batch; a refusal stays shown.
 */
export function LadingScanBox({ batchId }: { batchId: number }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = async (code: string) => {
    setRefusal(null);
    try {
      const r = await batchOps.scanLading(batchId, code);
      message.success(r.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: batchKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ladingKeys.all() }),
      ]);
      return true;
    } catch (e) {
      setRefusal(reasonOf(e));
      return false;
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBlockEnd: 12 }}>
      <ScanInput
        label={t`Add a lading bill`}
        placeholder={t`Scan or type a lading bill no`}
        button={t`Add`}
        onScan={add}
        testId="batch-scan"
      />
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="batch-scan-refusal" />}
    </Flex>
  );
}
