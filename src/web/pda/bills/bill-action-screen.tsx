import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogButton, Preloader, Segmented, SegmentedButton } from 'konsta/react';
import { useEffect, useMemo, useState } from 'react';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { PDA_BILL_TYPES, type PdaBill, type PdaBillType, pdaQueries } from '../../api/queries/pda.ts';
import { useOnline } from '../../ui/use-online.ts';
import { type ActionKind, billAction, billRequest, targetOf } from '../outbox/actions.ts';
import type { OutboxEntry } from '../outbox/db.ts';
import { BILL_TYPE_SHORT_LABELS } from '../outbox/labels.ts';
import { useKindEntries, useOutbox } from '../outbox/outbox-context.tsx';
import { ScanRows } from '../outbox/scan-rows.tsx';
import { giveFeedback } from '../scan/feedback.ts';
import { useRefusalFeedback } from '../scan/use-scan-session.ts';
import { useWedge } from '../scan/use-wedge.ts';
import { ScreenHeader } from '../screen-header.tsx';
import { ACTION_VERBS, type ActionVerb } from './action-verbs.ts';
import { BillLine } from './bill-line.tsx';
import { BILL_TEXTS } from './bill-texts.ts';

interface VerbTexts {
  title: MessageDescriptor;
  /** The prompt before queueing (the spec asks for a confirm prompt). */
  prompt: MessageDescriptor;
  button: MessageDescriptor;
  empty: MessageDescriptor;
}

const VERB_TEXTS: Record<ActionVerb, VerbTexts> = {
  confirm: {
    title: msg`Confirm a bill`,
    prompt: msg`Confirm {no}? It then takes no more scans.`,
    button: msg`Confirm`,
    empty: msg`No open bill holds parcels.`,
  },
  pickup: {
    title: msg`Confirm pickup`,
    prompt: msg`Confirm that the carrier took {no}?`,
    button: msg`Confirm pickup`,
    empty: msg`No bill waits for pickup.`,
  },
  cancel: {
    title: msg`Cancel pickup`,
    prompt: msg`Cancel the pickup of {no}? Its parcels are freed for another bill.`,
    button: msg`Cancel pickup`,
    empty: msg`No bill can be cancelled.`,
  },
};

/** The bill as the queue will leave it: a queued confirm counts as done, a queued pickup or cancel takes it away. */
function pendingOf(entries: readonly OutboxEntry[] | undefined) {
  const pending = new Map<string, Set<string>>();
  for (const e of entries ?? []) {
    if (e.state !== 'queued' || !e.target) continue;
    const verb = e.kind.split('.')[1]!;
    pending.set(e.target, (pending.get(e.target) ?? new Set()).add(verb));
  }
  return pending;
}

function eligible(
  verb: ActionVerb,
  type: PdaBillType,
  bill: PdaBill,
  pending: Set<string> | undefined,
): boolean {
  if (bill.pickupStatus !== PickupStatus.notPickedUp) return false;
  if (pending?.has('pickup') || pending?.has('cancel')) return false;
  const confirmed = bill.confirmed || pending?.has('confirm') === true;
  switch (verb) {
    case 'confirm':
      return !confirmed && bill.count > 0;
    case 'pickup':
      // A batch has no confirm step.
      return type === 'batch' || confirmed;
    case 'cancel':
      return true;
  }
}

/**
 * Confirm, confirm pickup or cancel pickup of a bill: choose the type and the bill (tap it, or scan
 * its label), confirm the prompt; the action is queued in the outbox like a scan, and listed below
 * with its state.
 */
export function BillActionScreen({ verb }: { verb: ActionVerb }) {
  const { t, i18n } = useLingui();
  const texts = VERB_TEXTS[verb];
  const types = PDA_BILL_TYPES.filter((type) => billAction(type, verb));
  const [type, setType] = useState<PdaBillType>(types[0]!);
  const [asking, setAsking] = useState<PdaBill | undefined>();
  const outbox = useOutbox();
  const online = useOnline();
  const queryClient = useQueryClient();
  const bills = useQuery(pdaQueries.openBills(type));

  const kinds = useMemo(() => types.map((ty) => billAction(ty, verb)!), [types, verb]);
  const history = useKindEntries(kinds, 100);
  const allKinds = useMemo(
    () =>
      PDA_BILL_TYPES.flatMap((ty) =>
        ACTION_VERBS.map((v) => billAction(ty, v)).filter(Boolean),
      ) as ActionKind[],
    [],
  );
  const queuedActions = useKindEntries(allKinds, 500);
  const pending = useMemo(() => pendingOf(queuedActions), [queuedActions]);
  const shown = (bills.data ?? []).filter((b) => eligible(verb, type, b, pending.get(targetOf(type, b.id))));
  useRefusalFeedback(history?.filter((e) => e.state === 'attention').length);

  // Once actions are answered, the lists change on the server: read them again.
  const doneCount = history?.filter((e) => e.state === 'done').length ?? 0;
  useEffect(() => {
    if (doneCount === 0 || !online) return;
    void queryClient.invalidateQueries({ queryKey: pdaQueries.all() });
  }, [doneCount, online, queryClient]);

  // Scanning a bill's label asks for it.
  useWedge(
    ({ code }) => {
      const bill = shown.find((b) => b.no.toUpperCase() === code.toUpperCase());
      if (bill) setAsking(bill);
      else giveFeedback('rejected');
    },
    { enabled: asking === undefined },
  );

  const queue = async (bill: PdaBill) => {
    const kind = billAction(type, verb);
    if (!outbox || !kind) return;
    await outbox.enqueue({
      kind,
      target: targetOf(type, bill.id),
      billId: bill.id,
      billNo: bill.no,
      code: null,
      commutes: false,
      request: billRequest(verb, bill.id),
    });
    giveFeedback('accepted');
  };

  return (
    <>
      <ScreenHeader title={i18n._(texts.title)} />
      <div className="px-4">
        <Segmented strong rounded className="min-h-12">
          {types.map((key) => (
            <SegmentedButton
              key={key}
              active={type === key}
              className="min-h-11 text-sm"
              data-testid={`bill-type-${key}`}
              onClick={() => setType(key)}
            >
              {i18n._(BILL_TYPE_SHORT_LABELS[key])}
            </SegmentedButton>
          ))}
        </Segmented>
      </div>
      <p className="px-4 pt-3 text-sm text-black/60">{t`Tap a bill, or scan its label.`}</p>
      <div className="mx-4 mt-2 overflow-hidden rounded-2xl bg-white shadow-sm">
        {bills.isPending && (
          <div className="flex justify-center p-6">
            <Preloader />
          </div>
        )}
        {bills.isError && !bills.data && (
          <p className="p-4 text-base" role="alert">
            {online
              ? t`The bills could not be loaded.`
              : t`Offline: the bills have not been loaded on this device yet.`}
          </p>
        )}
        {bills.data && shown.length === 0 && <p className="p-4 text-base">{i18n._(texts.empty)}</p>}
        <ul>
          {shown.map((bill) => (
            <li key={bill.id}>
              <button
                type="button"
                data-testid="bill-option"
                data-bill-no={bill.no}
                onClick={() => setAsking(bill)}
                className="flex min-h-16 w-full items-center gap-3 border-b border-black/10 px-4 py-2 text-start last:border-b-0 active:bg-black/5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-mono text-lg font-medium">
                    <bdi>{bill.no}</bdi>
                  </span>
                  <BillLine line={bill.line} />
                </span>
                <span className="shrink-0 text-sm text-black/70">
                  {i18n._({ ...BILL_TEXTS[type].count, values: { count: bill.count } })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <ScanRows
        entries={history}
        showBill
        onRetry={(e) => e.id !== undefined && void outbox?.retry(e.id)}
        onDiscard={(e) => e.id !== undefined && void outbox?.discard(e.id)}
      />
      <Dialog
        opened={asking !== undefined}
        onBackdropClick={() => setAsking(undefined)}
        title={i18n._(texts.title)}
        content={asking ? i18n._({ ...texts.prompt, values: { no: asking.no } }) : null}
        buttons={
          <>
            <DialogButton className="min-h-12" onClick={() => setAsking(undefined)}>
              {t`Back`}
            </DialogButton>
            <DialogButton
              strong
              className="min-h-12"
              data-testid="action-confirm"
              onClick={() => {
                const bill = asking;
                setAsking(undefined);
                if (bill) void queue(bill);
              }}
            >
              {i18n._(texts.button)}
            </DialogButton>
          </>
        }
      />
    </>
  );
}
