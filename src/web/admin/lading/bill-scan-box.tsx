import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { reasonOf } from '../kit/text.ts';
import { playScanSound } from '../order/scan-sounds.ts';
import { ScanInput } from '../shared/scan-input.tsx';

/** The reason of a refused scan (409 `data.reason`), if the server gave one. */
const refusalReason = (e: unknown): string | undefined =>
  isApiError(e) && typeof e.data === 'object' && e.data !== null && 'reason' in e.data
    ? String(e.data.reason)
    : undefined;

/**
 * The desk's scan into an open bill (a lading bill, an overseas lading, a batch), typed or from a
 * wedge scanner (its Enter sends): the shared ScanInput, the accepted scan's message as a toast and its sound, the server's translated
 * refusal kept shown until the next scan (a number already in a bill sounds as a repeat, other
 * refusals as an error), and the queries under `refresh` read again (the bill's counts and items).
 * A refused number comes back into the field, selected (ScanInput): corrected by hand, or replaced
 * by the next scan rather than run together with it.
 */
export function BillScanBox({
  label,
  placeholder,
  button,
  scan,
  refresh,
  testId,
}: {
  label: string;
  placeholder: string;
  button: string;
  scan: (code: string) => Promise<{ message: string }>;
  refresh: readonly (readonly unknown[])[];
  /** The input's test id; the refusal's is `${testId}-refusal`. */
  testId: string;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);

  const add = async (code: string) => {
    setRefusal(null);
    try {
      const r = await scan(code);
      playScanSound('ok');
      message.success(r.message);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return true;
    } catch (e) {
      playScanSound(refusalReason(e) === 'alreadyAdded' ? 'already' : 'error');
      setRefusal(reasonOf(e));
      return false;
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBlockEnd: 12 }}>
      <ScanInput label={label} placeholder={placeholder} button={button} onScan={add} testId={testId} />
      {refusal && <Alert type="error" showIcon title={refusal} data-testid={`${testId}-refusal`} />}
    </Flex>
  );
}
