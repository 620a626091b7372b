import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'konsta/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { isScanCode, PickupStatus } from '../../../shared/domain/lading.ts';
import { scanMessages as m } from '../../../shared/i18n/scan-messages.ts';
import { type PdaBill, type PdaBillType, pdaQueries } from '../../api/queries/pda.ts';
import { isolate } from '../../ui/bidi.tsx';
import { useOnline } from '../../ui/use-online.ts';
import { billAction, billRequest, targetOf } from '../outbox/actions.ts';
import { useOutbox } from '../outbox/outbox-context.tsx';
import { ScanRows } from '../outbox/scan-rows.tsx';
import { useTargetView } from '../outbox/use-target-view.ts';
import { answeredScan, LastScanBanner } from '../scan/last-scan.tsx';
import { ScanField } from '../scan/scan-field.tsx';
import { judgeLadingScan } from '../scan/snapshot.ts';
import { type ScanVerdict, useRefusalFeedback, useScanSession } from '../scan/use-scan-session.ts';
import { SnapshotAge, useScanSnapshot } from '../scan/use-snapshot.tsx';
import { ScreenHeader } from '../screen-header.tsx';
import { BillChooser } from './bill-chooser.tsx';
import { BillLine } from './bill-line.tsx';
import { BILL_TEXTS } from './bill-texts.ts';
import { NewPackageButton } from './new-package.tsx';

/** Printing a lading bill's label: loaded when the operator asks for it, not with the screen. */
const PrintBillLabel = lazy(() => import('./print-bill-label.tsx'));

/** A bill takes scans while it is open (not confirmed) and not picked up or cancelled. */
export const takesScans = (bill: PdaBill) =>
  !bill.confirmed && bill.pickupStatus === PickupStatus.notPickedUp;

/**
 * Scanning into one bill (lading bill, batch, overseas lading, package): choose the bill, then
 * scan. Each scan is checked here (format, already in the bill, bill chosen), written to the
 * outbox, and listed with its state until the server has answered it.
 */
export function BillScanScreen({
  type,
  billId,
  onBill,
}: {
  type: PdaBillType;
  billId: number | undefined;
  onBill: (id: number | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const texts = BILL_TEXTS[type];
  const outbox = useOutbox();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(billId === undefined);
  const [printing, setPrinting] = useState(false);
  const list = useQuery(pdaQueries.openBills(type));
  const detail = useQuery({ ...pdaQueries.bill(type, billId ?? 0), enabled: billId !== undefined });
  const bill = detail.data?.bill ?? list.data?.find((b) => b.id === billId);
  const target = billId === undefined ? null : targetOf(type, billId);
  const kind = billAction(type, 'scan')!;
  const kinds = useMemo(() => [kind], [kind]);
  const view = useTargetView(target, kinds, { codes: true });
  const entries = view?.rows;
  const known = useMemo(() => new Set(detail.data?.codes ?? []), [detail.data]);
  // Scans into lading bills are judged on the device from the scan snapshot (issue 40).
  const judges = type === 'lading';
  const snapshotAt = useScanSnapshot(judges, billId);

  const noBill = type === 'lading' || type === 'overseas' ? i18n._(m.channelFirst) : i18n._(texts.choose);

  const check = async (code: string): Promise<ScanVerdict> => {
    if (billId === undefined || !target) return { feedback: 'rejected', local: 'invalid', message: noBill };
    if (!isScanCode(code)) return { feedback: 'rejected', local: 'invalid', message: i18n._(m.scanValid) };
    if (bill && !takesScans(bill))
      return {
        feedback: 'rejected',
        local: 'invalid',
        message: i18n._({ ...m.refusedBillNotOpen, values: { billNo: isolate(bill.no) } }),
      };
    // The numbers are isolated, so in Arabic each keeps its place in the sentence.
    const alreadyAdded = i18n._({
      ...m.refusedAlreadyAdded,
      values: { trackingNo: isolate(code), billNo: isolate(bill?.no) },
    });
    if (known.has(code)) return { feedback: 'duplicate', local: 'duplicate', message: alreadyAdded };
    if (!outbox)
      return { feedback: 'rejected', local: 'invalid', message: t`The scanner is starting: scan again.` };
    // The server's rule on the device's snapshot (lading bills): its refusals at once, offline too.
    const judged = judges ? await judgeLadingScan(billId, code) : undefined;
    if (judged?.kind === 'refuse')
      return judged.duplicate
        ? { feedback: 'duplicate', local: 'duplicate', message: judged.message }
        : { feedback: 'rejected', local: 'invalid', message: judged.message };
    const scannedAt = new Date().toISOString();
    // One transaction: the check against the outbox, and the write when the code is new here.
    const outcome = await outbox.enqueueUnique({
      kind,
      target,
      billId,
      billNo: bill?.no ?? null,
      code,
      commutes: true,
      scannedAt,
      snapshot: judged?.kind === 'accept' ? 'accept' : undefined,
      request: billRequest('scan', billId, code, scannedAt),
    });
    if ('earlier' in outcome) {
      const { earlier } = outcome;
      if (earlier.state !== 'attention')
        return { feedback: 'duplicate', local: 'duplicate', message: alreadyAdded };
      const refusal = earlier.message ?? '';
      return { feedback: 'rejected', local: 'duplicate', message: t`Scanned before and refused: ${refusal}` };
    }
    return {
      feedback: 'accepted',
      message: navigator.onLine
        ? t`Added, sending…`
        : t`Saved on this device: it is sent when the network is back.`,
    };
  };
  const session = useScanSession(check);
  useRefusalFeedback(view?.attention);

  // Once the server has taken scans, read the bill again (its count, and what is in it).
  const doneCount = view?.done ?? 0;
  useEffect(() => {
    if (billId === undefined || doneCount === 0 || !online) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: pdaQueries.bill(type, billId).queryKey });
    }, 1_500);
    return () => clearTimeout(timer);
  }, [doneCount, billId, type, online, queryClient]);

  const inBill = useMemo(() => {
    let count = known.size;
    for (const code of view?.codes ?? []) if (!known.has(code)) count += 1;
    return count;
  }, [known, view?.codes]);
  const waiting = view?.queued ?? 0;
  const attention = view?.attention ?? 0;
  // Scans the snapshot let in and the server refused: the server's answer stands, counted here.
  const disagreed = useMemo(
    () => (entries ?? []).filter((e) => e.state === 'attention' && e.snapshot === 'accept').length,
    [entries],
  );

  const choose = useCallback(
    (chosen: PdaBill) => {
      setChoosing(false);
      onBill(chosen.id);
    },
    [onBill],
  );

  const closeChooser = useCallback(() => setChoosing(false), []);
  // Konsta's buttons cost a render each (class merging): this one is not drawn again with every scan.
  const changeButton = useMemo(
    () => (
      <Button
        outline
        inline
        className="min-h-12 shrink-0 px-4"
        data-testid="change-bill"
        onClick={() => setChoosing(true)}
      >
        {t`Change`}
      </Button>
    ),
    [t],
  );
  const printButton = useMemo(
    () =>
      (type === 'lading' || type === 'package') && (
        <Button
          outline
          inline
          className="min-h-12 shrink-0 px-4"
          data-testid="print-bill-label-open"
          onClick={() => setPrinting(true)}
        >
          {t`Print label`}
        </Button>
      ),
    [t, type],
  );
  const chooserFooter = useMemo(
    () => (type === 'package' ? <NewPackageButton onCreated={choose} /> : undefined),
    [type, choose],
  );

  return (
    <>
      <ScreenHeader title={i18n._(texts.scanTitle)} />
      <div className="mx-4 mb-3 rounded-2xl bg-md-light-surface-2 p-3" data-testid="bill-card">
        {billId === undefined ? (
          <Button large className="min-h-14" data-testid="choose-bill" onClick={() => setChoosing(true)}>
            {i18n._(texts.choose)}
          </Button>
        ) : (
          <div className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <div className="truncate font-mono text-xl font-semibold" data-testid="bill-no">
                <bdi>{bill?.no ?? `#${billId}`}</bdi>
              </div>
              {bill && bill.line.length > 0 && <BillLine line={bill.line} />}
              <div className="mt-1 flex flex-wrap gap-x-3 text-sm">
                <span data-testid="bill-count">{i18n._({ ...texts.count, values: { count: inBill } })}</span>
                {waiting > 0 && (
                  <span className="text-slate-700" data-testid="bill-waiting">
                    <Plural value={waiting} one="# waiting to be sent" other="# waiting to be sent" />
                  </span>
                )}
                {attention > 0 && (
                  <span className="text-red-800" data-testid="bill-attention">
                    <Plural value={attention} one="# needs attention" other="# need attention" />
                  </span>
                )}
                {disagreed > 0 && (
                  <span className="text-red-800" data-testid="bill-disagreed">
                    <Plural
                      value={disagreed}
                      one="# refused by the server against the snapshot"
                      other="# refused by the server against the snapshot"
                    />
                  </span>
                )}
                {judges && <SnapshotAge fetchedAt={snapshotAt} />}
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-2">
              {changeButton}
              {printButton}
            </div>
          </div>
        )}
      </div>
      <ScanField label={i18n._(texts.scanLabel)} onScan={session.submit} active={!choosing} />
      <LastScanBanner
        last={answeredScan(session.last, entries)}
        idle={billId === undefined ? noBill : t`Ready to scan`}
      />
      <ScanRows
        entries={entries}
        localRows={session.localRows}
        onRetry={(e) => e.id !== undefined && void outbox?.retry(e.id)}
        onDiscard={(e) => e.id !== undefined && void outbox?.discard(e.id)}
      />
      {printing && billId !== undefined && (type === 'lading' || type === 'package') && (
        <Suspense fallback={null}>
          <PrintBillLabel
            kind={type === 'package' ? 'package' : 'lading'}
            billId={billId}
            billNo={bill?.no ?? `#${billId}`}
            waiting={waiting}
            onClose={() => setPrinting(false)}
          />
        </Suspense>
      )}
      <BillChooser
        type={type}
        opened={choosing}
        usable={takesScans}
        onClose={closeChooser}
        onChoose={choose}
        footer={chooserFooter}
      />
    </>
  );
}
