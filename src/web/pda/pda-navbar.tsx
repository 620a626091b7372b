import { Trans, useLingui } from '@lingui/react/macro';
import { Navbar } from 'konsta/react';
import { AppLogo } from '../ui/app-logo.tsx';
import { OnlineIndicator } from './online-indicator.tsx';

/** The top bar of every PDA screen: the app, who is signed in, and whether the device is online. */
export function PdaNavbar({ username }: { username: string }) {
  const { t } = useLingui();
  return (
    <Navbar
      title={t`Parcel Back Office`}
      subtitle={
        <span className="text-sm">
          <Trans>
            Signed in as <strong data-testid="current-user">{username}</strong>
          </Trans>
        </span>
      }
      left={
        <span className="ps-4">
          <AppLogo size={32} />
        </span>
      }
      right={
        <span className="pe-3">
          <OnlineIndicator />
        </span>
      }
      titleFontSizeMaterial="text-lg"
      innerClassName="min-h-16"
    />
  );
}
