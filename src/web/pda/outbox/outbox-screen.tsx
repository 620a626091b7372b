import { useLingui } from '@lingui/react/macro';
import { Button, Segmented, SegmentedButton } from 'konsta/react';
import { useState } from 'react';
import { useOnline } from '../../ui/use-online.ts';
import { ScreenHeader } from '../screen-header.tsx';
import type { EntryState } from './db.ts';
import { useEntriesIn, useOutbox } from './outbox-context.tsx';
import { useOutboxCounts } from './outbox-counts.ts';
import { ScanRows } from './scan-rows.tsx';

type Tab = 'attention' | 'queued' | 'done';

const MAX_SHOWN = 300;

const STATES: Record<Tab, readonly EntryState[]> = {
  attention: ['attention'],
  queued: ['queued'],
  done: ['done'],
};

/**
 * Everything the signed-in user queued on this device: what the server refused (retry or
 * discard, one by one or all), what waits to be sent, and what was sent lately.
 */
export function OutboxScreen() {
  const { t } = useLingui();
  const outbox = useOutbox();
  const online = useOnline();
  const counts = useOutboxCounts();
  const [chosen, setChosen] = useState<Tab | undefined>();
  const tab: Tab = chosen ?? (counts && counts.attention === 0 ? 'queued' : 'attention');
  const entries = useEntriesIn(STATES[tab]);
  // Newest first, as on the scan screens; the sent ones of the last days, the latest few hundred.
  const shown = entries ? [...entries].reverse().slice(0, MAX_SHOWN) : undefined;
  const waiting = (counts?.queued ?? 0) + (counts?.sending ?? 0);

  const tabs: [Tab, string, number | undefined][] = [
    ['attention', t`Needs attention`, counts?.attention],
    ['queued', t`Waiting`, counts ? waiting : undefined],
    ['done', t`Sent`, undefined],
  ];

  return (
    <>
      <ScreenHeader title={t`Outbox`} />
      <div className="px-4">
        <Segmented strong rounded className="min-h-12">
          {tabs.map(([key, label, count]) => (
            <SegmentedButton
              key={key}
              active={tab === key}
              data-testid={`outbox-tab-${key}`}
              className="min-h-11"
              onClick={() => setChosen(key)}
            >
              {count !== undefined && count > 0 ? `${label} (${count})` : label}
            </SegmentedButton>
          ))}
        </Segmented>
      </div>
      {tab === 'attention' && (counts?.attention ?? 0) > 1 && (
        <div className="px-4 pt-3">
          <Button
            tonal
            large
            className="min-h-12"
            data-testid="retry-all"
            onClick={() => void outbox?.retryAll()}
          >
            {t`Retry all`}
          </Button>
        </div>
      )}
      {tab === 'queued' && waiting > 0 && (
        <p className="px-4 pt-3 text-sm text-black/70" data-testid="outbox-waiting-note">
          {online
            ? t`Sending in the order they were made.`
            : t`Offline: they are sent when the network is back.`}
        </p>
      )}
      <ScanRows
        entries={shown}
        showBill
        onRetry={(e) => e.id !== undefined && void outbox?.retry(e.id)}
        onDiscard={(e) => e.id !== undefined && void outbox?.discard(e.id)}
        empty={
          <p className="px-4 pt-6 text-center text-base text-black/60" data-testid="outbox-empty">
            {tab === 'attention'
              ? t`Nothing needs attention.`
              : tab === 'queued'
                ? t`Nothing waits to be sent.`
                : t`Nothing sent in the last days.`}
          </p>
        }
      />
    </>
  );
}
