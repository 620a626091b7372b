import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { ScanInput } from './scan-input.tsx';
import { useScanLog } from './scan-log.ts';
import { ScanLogTable } from './scan-log-table.tsx';
import { playScanSound, type ScanSound } from './scan-sounds.ts';
import { reasonOf } from './text.ts';

/** What a scan came to: taken or refused, its sound, and the server's words. */
export interface ScanAnswer {
  accepted: boolean;
  sound: ScanSound;
  message: string;
  /** Kept in the log with the scan (the channel, the carrier's number). */
  detail?: string;
  /** The number as the screen sent it (upper-cased), when not as scanned. */
  code?: string;
}

/** A scan the server took, with its message ("Added … to …"). */
export const acceptedAnswer = (r: { message: string }): ScanAnswer => ({
  accepted: true,
  sound: 'ok',
  message: r.message,
});

/** The reason code of a refused scan (409 `data.reason`), if the server gave one. */
const refusalReason = (e: unknown): string | undefined =>
  isApiError(e) && typeof e.data === 'object' && e.data !== null && 'reason' in e.data
    ? String(e.data.reason)
    : undefined;

/**
 * A failed scan call as an answer: the server's translated reason; a number already in the bill
 * sounds as a repeat, any other refusal (or a network failure) as an error.
 */
export const refusalOf = (e: unknown): ScanAnswer => ({
  accepted: false,
  sound: refusalReason(e) === 'alreadyAdded' ? 'already' : 'error',
  message: reasonOf(e),
});

/**
 * The desk's one scan box (Warehouse scan, lading bills, overseas lading, batches, the exchange
 * scan): the number typed or from a wedge scanner (its Enter sends; trimmed, an empty one ignored,
 * the focus kept; see ScanInput), each answer's sound, and under it the session log of every scan
 * (kept per screen and bill in session storage, see scan-log.ts). The queries under `refresh` are
 * read again after an accepted scan. By default an accepted scan's message shows as a toast and a
 * refusal stays shown until the next scan (`${testId}-refusal`); a screen with a view of its own of
 * the last answer (the warehouse's large result) passes it as `last`. A call that throws is a
 * refusal with the server's reason.
 */
export function ScanBox({
  logKey,
  label,
  placeholder,
  button,
  scan,
  refresh = [],
  fields,
  last,
  holdFocus,
  testId,
}: {
  /** The log's name: the screen and the bill (`lading:12`). */
  logKey: string;
  label: string;
  placeholder: string;
  button: string;
  scan: (code: string) => Promise<ScanAnswer>;
  refresh?: readonly (readonly unknown[])[];
  /** Fields sent with the number (a warehouse, a weight, "whole package"), beside the input. */
  fields?: ReactNode;
  /** The screen's own view of the last answer, instead of the toast and the refusal. */
  last?: ReactNode;
  /** A screen that only scans: clicking the bare page keeps the focus in the field. */
  holdFocus?: boolean;
  /** The input's test id; the log's is `${testId}-log`. */
  testId: string;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const log = useScanLog(logKey);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onScan = async (code: string) => {
    setRefusal(null);
    const answer = await scan(code).catch(refusalOf);
    playScanSound(answer.sound);
    log.add({ ...answer, code: answer.code ?? code });
    if (last === undefined) {
      if (answer.accepted) message.success(answer.message);
      else setRefusal(answer.message);
    }
    if (answer.accepted)
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return answer.accepted;
  };

  return (
    <Flex vertical gap={12} style={{ marginBlockEnd: 12 }}>
      <Flex wrap gap={12} align="center">
        {fields}
        <ScanInput
          label={label}
          placeholder={placeholder}
          button={button}
          onScan={onScan}
          holdFocus={holdFocus}
          testId={testId}
        />
      </Flex>
      {last}
      {last === undefined && refusal && (
        <Alert type="error" showIcon title={refusal} data-testid={`${testId}-refusal`} />
      )}
      <ScanLogTable entries={log.entries} onClear={log.clear} testId={`${testId}-log`} />
    </Flex>
  );
}
