import { useLingui } from '@lingui/react/macro';
import { Segmented, SegmentedButton } from 'konsta/react';
import { useMemo, useState } from 'react';
import type { ExchangeCombinedResult, ExchangeScanResult } from '../../../shared/contract/exchange.ts';
import { isScanCode } from '../../../shared/domain/lading.ts';
import { scanMessages as m } from '../../../shared/i18n/scan-messages.ts';
import type { ActionKind } from '../outbox/actions.ts';
import type { OutboxEntry } from '../outbox/db.ts';
import { useOutbox } from '../outbox/outbox-context.tsx';
import { ScanRows } from '../outbox/scan-rows.tsx';
import { useTargetView } from '../outbox/use-target-view.ts';
import { answeredScan, LastScanBanner } from '../scan/last-scan.tsx';
import { ScanField } from '../scan/scan-field.tsx';
import { type ScanVerdict, useRefusalFeedback, useScanSession } from '../scan/use-scan-session.ts';
import { ScreenHeader } from '../screen-header.tsx';

/** Exchange scans share one target: they commute, and the duplicate check looks among them. */
export const EXCHANGE_TARGET = 'exchange';
const KINDS: readonly ActionKind[] = ['exchange.scan', 'exchange.scanCombined'];

/** The label data the parcel is relabelled with, large: carrier and carrier tracking no. */
function Relabel({ carrier, number }: { carrier: string | null; number: string | null }) {
  return (
    <div className="mt-2 rounded-xl bg-green-50 px-3 py-2 text-green-950" data-testid="relabel">
      <div className="text-sm">{carrier ?? '—'}</div>
      <div className="font-mono text-2xl font-semibold tracking-wide" data-testid="relabel-no">
        <bdi>{number ?? '—'}</bdi>
      </div>
    </div>
  );
}

function ExchangeResult({ entry }: { entry: OutboxEntry }) {
  if (entry.state !== 'done' || !entry.result) return null;
  if (entry.kind === 'exchange.scanCombined') {
    const combined = entry.result as ExchangeCombinedResult;
    return (
      <ul className="mt-2 space-y-2">
        {combined.results.map((r) => (
          <li key={r.trackingNo} data-testid="combined-result" data-result={r.result}>
            <div className="font-mono text-base">
              <bdi>{r.trackingNo}</bdi>
            </div>
            {r.label ? (
              <Relabel carrier={r.label.carrierName} number={r.label.carrierTrackingNo} />
            ) : (
              <p className="text-sm text-red-800">{r.message}</p>
            )}
          </li>
        ))}
      </ul>
    );
  }
  const single = entry.result as ExchangeScanResult;
  return (
    <>
      <Relabel carrier={single.carrierName} number={single.carrierTrackingNo} />
      <p className="mt-1 text-sm text-black/70" data-testid="exchange-message">
        {single.message}
      </p>
    </>
  );
}

/**
 * Exchange scan at the destination: scan our tracking no (or a package), and once the server has
 * answered, relabel the parcel with the last-mile carrier's number shown here. Offline, the scan
 * waits in the outbox and its label shows when it is answered.
 */
export function ExchangeScreen() {
  const { t, i18n } = useLingui();
  const outbox = useOutbox();
  const [combined, setCombined] = useState(false);
  const view = useTargetView(EXCHANGE_TARGET, KINDS);
  const entries = view?.rows;
  useRefusalFeedback(view?.attention);

  const check = async (code: string): Promise<ScanVerdict> => {
    if (!isScanCode(code)) return { feedback: 'rejected', local: 'invalid', message: i18n._(m.scanValid) };
    if (!outbox)
      return { feedback: 'rejected', local: 'invalid', message: t`The scanner is starting: scan again.` };
    const kind: ActionKind = combined ? 'exchange.scanCombined' : 'exchange.scan';
    // A label may be looked up again (a reprint), but not while the same lookup still waits.
    const outcome = await outbox.enqueueUnique(
      { kind, target: EXCHANGE_TARGET, code, commutes: true, request: { params: { trackingNo: code } } },
      ['queued'],
    );
    if ('earlier' in outcome)
      return { feedback: 'duplicate', local: 'duplicate', message: t`Already waiting to be sent` };
    return {
      feedback: 'accepted',
      message: navigator.onLine
        ? t`Looking up the label…`
        : t`Saved on this device: the label shows when the network is back.`,
    };
  };
  const session = useScanSession(check);
  const extra = useMemo(() => (entry: OutboxEntry) => <ExchangeResult entry={entry} />, []);

  return (
    <>
      <ScreenHeader title={t`Exchange scan`} />
      <div className="px-4 pb-3">
        <Segmented strong rounded className="min-h-12">
          <SegmentedButton
            active={!combined}
            className="min-h-11"
            data-testid="exchange-single"
            onClick={() => setCombined(false)}
          >
            {t`One parcel`}
          </SegmentedButton>
          <SegmentedButton
            active={combined}
            className="min-h-11"
            data-testid="exchange-combined"
            onClick={() => setCombined(true)}
          >
            {t`Whole package`}
          </SegmentedButton>
        </Segmented>
      </div>
      <ScanField label={t`Scan or type a tracking no`} onScan={session.submit} />
      <LastScanBanner last={answeredScan(session.last, entries)} idle={t`Ready to scan`} />
      <ScanRows
        entries={entries}
        localRows={session.localRows}
        extra={extra}
        onRetry={(e) => e.id !== undefined && void outbox?.retry(e.id)}
        onDiscard={(e) => e.id !== undefined && void outbox?.discard(e.id)}
      />
    </>
  );
}
