import { useLingui } from '@lingui/react/macro';
import { Button, Toolbar } from 'konsta/react';
import { lazy, Suspense, useState } from 'react';
import { currentLocale, LANGUAGE_NAMES, LANGUAGE_TAGS } from '../i18n.ts';
import { GlobeIcon, LogoutIcon } from './pda-icons.tsx';
import type { ToolbarSheet } from './pda-toolbar-sheets.tsx';

const ToolbarSheets = lazy(() => import('./pda-toolbar-sheets.tsx'));

/**
 * The bar at the bottom of every PDA screen, where the thumb of the hand holding the device
 * reaches: the language (a sheet of the three languages) and logout (after a confirmation, so a
 * stray tap during a shift does not end the session).
 */
export function PdaToolbar({ onLogout }: { onLogout: () => void }) {
  const { t } = useLingui();
  const [sheet, setSheet] = useState<ToolbarSheet | undefined>();
  // The sheets stay mounted once opened (Konsta animates them closed and open again).
  const [sheetsWanted, setSheetsWanted] = useState(false);
  const locale = currentLocale();
  const close = () => setSheet(undefined);
  const open = (which: ToolbarSheet) => {
    setSheetsWanted(true);
    setSheet(which);
  };

  return (
    <>
      <Toolbar className="sticky bottom-0" outline innerClassName="gap-2">
        <Button
          clear
          large
          className="flex-1 gap-2 normal-case"
          data-testid="language-button"
          onClick={() => open('language')}
        >
          <GlobeIcon />
          <span lang={LANGUAGE_TAGS[locale]}>{LANGUAGE_NAMES[locale]}</span>
        </Button>
        <Button
          clear
          large
          className="flex-1 gap-2 normal-case"
          data-testid="logout-button"
          onClick={() => open('logout')}
        >
          <LogoutIcon />
          {t`Log out`}
        </Button>
      </Toolbar>

      {sheetsWanted && (
        <Suspense fallback={null}>
          <ToolbarSheets sheet={sheet} close={close} onLogout={onLogout} />
        </Suspense>
      )}
    </>
  );
}
