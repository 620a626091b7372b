import { App, Page } from 'konsta/react';
import type { ReactNode } from 'react';
import { PdaNavbar } from './pda-navbar.tsx';
import { PdaToasts } from './pda-toasts.tsx';
import { PdaToolbar } from './pda-toolbar.tsx';
import { PdaUpdateBanner } from './pda-update-banner.tsx';

/**
 * What every PDA screen sits in (Konsta UI, Material theme, portrait): top bar, the update offer,
 * the screen, the bottom bar, error toasts. Shown by the app's PDA shell (pda-shell.tsx) and by
 * the PDA's light start (pda/start), which draws the start screen before the app has loaded.
 */
export function PdaFrame({
  username,
  onLogout,
  children,
}: {
  username: string;
  onLogout: () => void;
  children: ReactNode;
}) {
  return (
    <App theme="material" safeAreas>
      <Page className="flex flex-col">
        <PdaNavbar username={username} />
        <main className="flex-1 pb-4">
          <PdaUpdateBanner />
          {children}
        </main>
        <PdaToolbar onLogout={onLogout} />
        <PdaToasts />
      </Page>
    </App>
  );
}
