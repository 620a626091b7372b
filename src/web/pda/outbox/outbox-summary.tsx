import { Trans, useLingui } from '@lingui/react/macro';
import { OutboxIcon } from '../pda-icons.tsx';
import { PdaLink } from '../pda-link.tsx';
import { useOutboxCounts } from './outbox-counts.ts';

/** The outbox at a glance (home screen): what waits, what is on the wire, what needs the operator. */
export function OutboxSummary() {
  const { t } = useLingui();
  const counts = useOutboxCounts();
  const attention = counts?.attention ?? 0;
  const idle = counts !== undefined && counts.queued + counts.sending + attention === 0;
  const queued = counts?.queued ?? '…';
  const sending = counts?.sending ?? '…';
  return (
    <PdaLink
      href="/pda/outbox"
      data-testid="outbox-summary"
      data-queued={counts?.queued}
      data-sending={counts?.sending}
      data-attention={counts?.attention}
      className={`mx-4 mt-4 flex items-center gap-3 rounded-2xl p-3 shadow-sm ${
        attention > 0 ? 'bg-red-50 text-red-950' : 'bg-md-light-surface-2'
      }`}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/70">
        <OutboxIcon />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-base font-medium">
          <Trans>Outbox</Trans>
        </span>
        {idle ? (
          <span className="block text-sm">{t`Everything is sent`}</span>
        ) : (
          <span className="flex flex-wrap gap-x-3 text-sm">
            <span>{t`Queued: ${queued}`}</span>
            <span>{t`Sending: ${sending}`}</span>
            <span
              className={attention > 0 ? 'font-semibold' : undefined}
            >{t`Needs attention: ${attention}`}</span>
          </span>
        )}
      </span>
    </PdaLink>
  );
}
