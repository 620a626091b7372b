import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { OutboxSummary } from './outbox/outbox-summary.tsx';
import { PdaLink } from './pda-link.tsx';
import { SCAN_TASKS } from './scan-tasks.tsx';
import { StorageNotice } from './storage-notice.tsx';

/** The PDA start screen: the outbox state, then one large tile per task. */
export function PdaHome() {
  const { i18n } = useLingui();
  return (
    <>
      <OutboxSummary />
      <StorageNotice />
      <h2 className="mx-4 mt-5 mb-2 text-base font-medium text-md-light-primary">
        <Trans>Scan tasks</Trans>
      </h2>
      <ul className="mx-4 grid grid-cols-2 gap-3" data-testid="scan-tasks">
        {SCAN_TASKS.map(({ key, title, description, Icon, href }) => (
          <li key={key} data-task={key} data-available="true">
            <PdaLink
              href={href}
              className="flex h-full min-h-28 flex-col gap-2 rounded-2xl bg-md-light-surface-2 p-3 text-md-light-on-surface shadow-sm active:bg-md-light-surface-3"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-md-light-primary text-white">
                <Icon />
              </span>
              <span className="text-base leading-tight font-medium">{i18n._(title)}</span>
              <span className="text-sm leading-snug text-black/60">{i18n._(description)}</span>
            </PdaLink>
          </li>
        ))}
      </ul>
    </>
  );
}
