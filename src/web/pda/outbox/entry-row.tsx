import { useLingui } from '@lingui/react/macro';
import { Button } from 'konsta/react';
import { memo, type ReactNode } from 'react';
import { currentLocale, LANGUAGE_TAGS } from '../../i18n.ts';
import { isActionKind } from './actions.ts';
import type { OutboxEntry } from './db.ts';
import { ACTION_LABELS } from './labels.ts';

/** A row's state: an outbox entry's, or a scan the PDA refused itself (never queued). */
export type RowState = 'queued' | 'sending' | 'done' | 'attention' | 'duplicate' | 'invalid';

const CHIP_CLASSES: Record<RowState, string> = {
  queued: 'bg-slate-200 text-slate-900',
  sending: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  attention: 'bg-red-100 text-red-900',
  duplicate: 'bg-amber-100 text-amber-950',
  invalid: 'bg-red-100 text-red-900',
};

export function StateChip({ state }: { state: RowState }) {
  const { t } = useLingui();
  const label: Record<RowState, string> = {
    queued: t`Queued`,
    sending: t`Sending`,
    done: t`Sent`,
    attention: t`Needs attention`,
    duplicate: t`Duplicate`,
    invalid: t`Refused`,
  };
  return (
    <span
      className={`inline-flex min-h-7 shrink-0 items-center rounded-full px-2.5 text-sm font-medium whitespace-nowrap ${CHIP_CLASSES[state]}`}
      data-testid="row-state"
    >
      {label[state]}
    </span>
  );
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The time of day of a scan, in the device's zone and the UI language. */
export function scanTime(iso: string): string {
  const tag = LANGUAGE_TAGS[currentLocale()];
  let format = timeFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    timeFormats.set(tag, format);
  }
  return format.format(new Date(iso));
}

export function rowStateOf(entry: OutboxEntry, sending: ReadonlySet<number>): RowState {
  return entry.id !== undefined && sending.has(entry.id) ? 'sending' : entry.state;
}

/**
 * One scan or action with its state. Rows needing attention carry the server's message and the
 * operator's two choices; a row waiting for a retry says why.
 */
function EntryRowView({
  entry,
  state,
  showBill = false,
  onRetry,
  onDiscard,
  extra,
}: {
  entry: OutboxEntry;
  state: RowState;
  showBill?: boolean;
  onRetry?: (entry: OutboxEntry) => void;
  onDiscard?: (entry: OutboxEntry) => void;
  extra?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const title = entry.code ?? (isActionKind(entry.kind) ? i18n._(ACTION_LABELS[entry.kind]) : entry.kind);
  const waiting = state === 'queued' && entry.attempts > 0;
  const failure = entry.message ?? entry.status;
  const canDiscard = state === 'attention' || (state === 'queued' && entry.attempts > 0);
  return (
    <li
      className="border-b border-black/10 px-4 py-3 [contain:content] last:border-b-0"
      data-testid="scan-row"
      data-code={entry.code ?? undefined}
      data-kind={entry.kind}
      data-state={state}
      data-snapshot={entry.snapshot}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className={`truncate text-lg ${entry.code ? 'font-mono font-medium' : 'font-medium'}`}>
            <bdi>{title}</bdi>
          </div>
          <div className="text-sm text-black/60">
            {scanTime(entry.scannedAt)}
            {showBill && entry.code && isActionKind(entry.kind) && (
              <> · {i18n._(ACTION_LABELS[entry.kind])}</>
            )}
            {showBill && entry.billNo && (
              <>
                {' · '}
                <bdi>{entry.billNo}</bdi>
              </>
            )}
          </div>
        </div>
        <StateChip state={state} />
      </div>
      {state === 'attention' && entry.message && (
        <p className="mt-2 text-base text-red-800" data-testid="row-message">
          {entry.message}
        </p>
      )}
      {state === 'attention' && entry.snapshot === 'accept' && (
        <p className="mt-1 text-sm text-black/60" data-testid="row-disagreed">
          {t`The device’s snapshot let it in; the server’s answer stands.`}
        </p>
      )}
      {waiting && (
        <p className="mt-1 text-sm text-black/60" data-testid="row-retry">
          {entry.status === 0 || entry.status === null
            ? t`No connection: it goes as soon as the network is back.`
            : t`The server failed (${failure}): trying again shortly.`}
        </p>
      )}
      {extra}
      {canDiscard && (onRetry || onDiscard) && (
        <div className="mt-2 flex gap-2">
          {onRetry && (
            <Button
              tonal
              className="min-h-11 flex-1"
              data-testid="row-retry-button"
              onClick={() => onRetry(entry)}
            >
              {t`Retry`}
            </Button>
          )}
          {onDiscard && (
            <Button
              outline
              className="min-h-11 flex-1"
              data-testid="row-discard-button"
              onClick={() => onDiscard(entry)}
            >
              {t`Discard`}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Rows are re-drawn only when what they show changes: a scan screen adds one row per scan, and the
 * hundreds already listed must not cost a render each (the scan-to-feedback time).
 */
export const EntryRow = memo(
  EntryRowView,
  (a, b) =>
    a.entry.id === b.entry.id &&
    a.entry.state === b.entry.state &&
    a.entry.message === b.entry.message &&
    a.entry.attempts === b.entry.attempts &&
    a.entry.status === b.entry.status &&
    a.state === b.state &&
    a.showBill === b.showBill &&
    Boolean(a.onRetry) === Boolean(b.onRetry) &&
    Boolean(a.onDiscard) === Boolean(b.onDiscard) &&
    Boolean(a.extra) === Boolean(b.extra),
);

/** A scan the PDA refused before queueing (bad format, already added), for this screen only. */
export interface LocalRow {
  id: string;
  code: string;
  state: 'duplicate' | 'invalid';
  message: string;
  at: string;
}

export const LocalScanRow = memo(function LocalScanRow({ row }: { row: LocalRow }) {
  return (
    <li
      className="border-b border-black/10 px-4 py-3 [contain:content] last:border-b-0"
      data-testid="scan-row"
      data-code={row.code}
      data-state={row.state}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="truncate font-mono text-lg font-medium">
            <bdi>{row.code || '—'}</bdi>
          </div>
          <div className="text-sm text-black/60">
            {scanTime(row.at)} · <span data-testid="row-message">{row.message}</span>
          </div>
        </div>
        <StateChip state={row.state} />
      </div>
    </li>
  );
});
