import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Actions, ActionsButton, ActionsGroup, ActionsLabel, Dialog, DialogButton } from 'konsta/react';
import { LOCALES } from '../../shared/domain/enums.ts';
import { activateLocale, currentLocale, LANGUAGE_NAMES, LANGUAGE_TAGS } from '../i18n.ts';
import { useOutboxCounts } from './outbox/outbox-counts.ts';
import { CheckIcon } from './pda-icons.tsx';

export type ToolbarSheet = 'language' | 'logout';

/** What logging out leaves unsent; only the open dialog follows the outbox, not the whole bar. */
function UnsentNote() {
  const counts = useOutboxCounts();
  const unsent = counts ? counts.queued + counts.sending + counts.attention : 0;
  if (unsent === 0) return null;
  return (
    <p className="mt-2 font-medium" data-testid="logout-unsent">
      <Plural
        value={unsent}
        one="# scan or action is not sent yet. It stays on this device and is sent when you log in again."
        other="# scans or actions are not sent yet. They stay on this device and are sent when you log in again."
      />
    </p>
  );
}

/**
 * The bottom bar's language sheet and logout confirmation. A chunk of their own, loaded the first
 * time one opens: the PDA's first load does without them (and the service worker holds them).
 */
export default function ToolbarSheets({
  sheet,
  close,
  onLogout,
}: {
  sheet: ToolbarSheet | undefined;
  close: () => void;
  onLogout: () => void;
}) {
  const { t } = useLingui();
  const locale = currentLocale();
  return (
    <>
      <Actions opened={sheet === 'language'} onBackdropClick={close}>
        <ActionsGroup>
          <ActionsLabel>{t`Language`}</ActionsLabel>
          {LOCALES.map((code) => (
            <ActionsButton
              key={code}
              bold={code === locale}
              lang={LANGUAGE_TAGS[code]}
              aria-current={code === locale ? 'true' : undefined}
              data-locale={code}
              className="min-h-14"
              onClick={() => {
                close();
                if (code !== locale) void activateLocale(code);
              }}
            >
              <span className="flex w-full items-center justify-between gap-4">
                {LANGUAGE_NAMES[code]}
                {code === locale && <CheckIcon />}
              </span>
            </ActionsButton>
          ))}
        </ActionsGroup>
        <ActionsGroup>
          <ActionsButton className="min-h-14" onClick={close}>
            {t`Cancel`}
          </ActionsButton>
        </ActionsGroup>
      </Actions>

      <Dialog
        opened={sheet === 'logout'}
        onBackdropClick={close}
        title={t`Log out?`}
        content={
          <>
            <Trans>You will need to log in again to continue scanning.</Trans>
            {sheet === 'logout' && <UnsentNote />}
          </>
        }
        buttons={
          <>
            <DialogButton onClick={close} className="min-h-12">
              {t`Cancel`}
            </DialogButton>
            <DialogButton
              strong
              className="min-h-12"
              data-testid="logout-confirm"
              onClick={() => {
                close();
                onLogout();
              }}
            >
              {t`Log out`}
            </DialogButton>
          </>
        }
      />
    </>
  );
}
