import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Input } from 'antd';
import { useState } from 'react';
import { batchKeys, batchOps } from '../../api/queries/batch.ts';
import { ladingKeys } from '../../api/queries/lading.ts';
import { reasonOf } from '../order/order-results.tsx';

/**
 * Add a lading bill to a batch not yet picked up by its number, typed or scanned (a scanner's Enter
 * sends it): the bill must be picked up and in no other live batch; a refusal stays shown.
 */
export function LadingScanBox({ batchId }: { batchId: number }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = async (no: string) => {
    const code = no.trim();
    if (!code) return;
    setBusy(true);
    setRefusal(null);
    try {
      const r = await batchOps.scanLading(batchId, code);
      message.success(r.message);
      setValue('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: batchKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ladingKeys.all() }),
      ]);
    } catch (e) {
      setRefusal(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBlockEnd: 12 }}>
      <Input.Search
        aria-label={t`Add a lading bill`}
        placeholder={t`Scan or type a lading bill no`}
        enterButton={t`Add`}
        value={value}
        loading={busy}
        maxLength={64}
        dir="ltr"
        style={{ maxInlineSize: 420 }}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(v) => void add(v)}
        data-testid="batch-scan"
      />
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="batch-scan-refusal" />}
    </Flex>
  );
}
