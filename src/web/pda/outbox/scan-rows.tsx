import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogButton } from 'konsta/react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { OutboxEntry } from './db.ts';
import { EntryRow, type LocalRow, LocalScanRow, rowStateOf } from './entry-row.tsx';
import { useOutboxLive } from './outbox-context.tsx';

type Row = { at: string; entry: OutboxEntry } | { at: string; local: LocalRow };

/**
 * The result of each scan or action, newest first: outbox entries with their state (queued,
 * sending, sent, needs attention) and the scans refused on the device. A discard asks first.
 */
export function ScanRows({
  entries,
  localRows = [],
  showBill = false,
  onRetry,
  onDiscard,
  extra,
  empty,
}: {
  entries: readonly OutboxEntry[] | undefined;
  localRows?: readonly LocalRow[];
  showBill?: boolean;
  onRetry?: (entry: OutboxEntry) => void;
  onDiscard?: (entry: OutboxEntry) => void;
  extra?: (entry: OutboxEntry) => ReactNode;
  empty?: ReactNode;
}) {
  const { t } = useLingui();
  // Which rows are on the wire changes many times a second while the queue drains: only this list
  // follows it, not the screen around it.
  const { sending } = useOutboxLive();
  const [discarding, setDiscarding] = useState<OutboxEntry | undefined>();
  const rows = useMemo(() => {
    const all: Row[] = [
      ...(entries ?? []).map((entry) => ({ at: entry.scannedAt, entry })),
      ...localRows.map((local) => ({ at: local.at, local })),
    ];
    // Newest first; entries made in the same millisecond keep their queue order.
    return all.sort((a, b) =>
      a.at === b.at && 'entry' in a && 'entry' in b
        ? (b.entry.id ?? 0) - (a.entry.id ?? 0)
        : b.at.localeCompare(a.at),
    );
  }, [entries, localRows]);

  // The discard prompt is drawn again only when it opens or closes, not with every new row.
  const discardRef = useRef(onDiscard);
  discardRef.current = onDiscard;
  const dialog = useMemo(
    () => (
      <Dialog
        opened={discarding !== undefined}
        onBackdropClick={() => setDiscarding(undefined)}
        title={t`Discard?`}
        content={
          <Trans>It will not be sent. Scan it again, or do it on the desk, if it is still needed.</Trans>
        }
        buttons={
          <>
            <DialogButton className="min-h-12" onClick={() => setDiscarding(undefined)}>
              {t`Cancel`}
            </DialogButton>
            <DialogButton
              strong
              className="min-h-12"
              data-testid="discard-confirm"
              onClick={() => {
                if (discarding) discardRef.current?.(discarding);
                setDiscarding(undefined);
              }}
            >
              {t`Discard`}
            </DialogButton>
          </>
        }
      />
    ),
    [discarding, t],
  );

  if (rows.length === 0) return empty ?? null;
  return (
    <>
      <ul className="mx-4 mt-3 overflow-hidden rounded-2xl bg-white shadow-sm" data-testid="scan-rows">
        {rows.map((row) =>
          'entry' in row ? (
            <EntryRow
              key={`e${row.entry.id}`}
              entry={row.entry}
              state={rowStateOf(row.entry, sending)}
              showBill={showBill}
              onRetry={onRetry}
              onDiscard={onDiscard && setDiscarding}
              extra={extra?.(row.entry)}
            />
          ) : (
            <LocalScanRow key={row.local.id} row={row.local} />
          ),
        )}
      </ul>
      {dialog}
    </>
  );
}
