import { Trans, useLingui } from '@lingui/react/macro';
import { Block, Button } from 'konsta/react';
import { useEffect, useState } from 'react';
import { usePwaUpdate } from '../pwa.ts';

/** "Later" hides the offer for this long; the new version keeps waiting meanwhile. */
const REOFFER_MS = 30 * 60 * 1000;

/**
 * Offers a new version of the app. Nothing reloads until the operator taps "Update now", and the
 * offer does not show while an update blocker (the outbox with unsent scans) holds it back.
 */
export function PdaUpdateBanner() {
  const { t } = useLingui();
  const { updateReady, applying, accept } = usePwaUpdate();
  const [later, setLater] = useState(false);

  useEffect(() => {
    if (!later) return;
    const timer = setTimeout(() => setLater(false), REOFFER_MS);
    return () => clearTimeout(timer);
  }, [later]);

  if (!applying && (!updateReady || later)) return null;
  return (
    <Block strong inset outline role="status" data-testid="update-banner" className="my-3 space-y-3">
      <p className="text-base font-medium">
        <Trans>A new version of the app is ready</Trans>
      </p>
      <div className="flex gap-2">
        <Button large outline className="flex-1" disabled={applying} onClick={() => setLater(true)}>
          {t`Later`}
        </Button>
        <Button large className="flex-1" disabled={applying} onClick={() => accept()}>
          {applying ? t`Updating…` : t`Update now`}
        </Button>
      </div>
    </Block>
  );
}
