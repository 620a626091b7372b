import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from 'konsta/react';
import { useEffect, useState } from 'react';
import { isStoragePersistent, requestPersistentStorage, storageKeptAtStart } from '../session/storage.ts';

/**
 * Says so when the browser did not agree to keep the site's storage (asked at a PDA account's login,
 * and here when the scanner opens for anyone who was not asked, a supervisor on /pda say): unsent
 * scans could then be evicted when the device runs low on space. The operator may ask again.
 */
export function StorageNotice() {
  const { t } = useLingui();
  const [kept, setKept] = useState<boolean | undefined>(storageKeptAtStart() ?? true);
  useEffect(() => {
    let live = true;
    void isStoragePersistent()
      .then((value) => (value === false ? requestPersistentStorage() : value))
      .then((value) => live && setKept(value));
    return () => {
      live = false;
    };
  }, []);
  if (kept !== false) return null;
  return (
    <div
      role="alert"
      data-testid="storage-notice"
      className="mx-4 mt-3 flex items-center gap-3 rounded-2xl bg-amber-50 px-3 py-2 text-amber-950"
    >
      <p className="min-w-0 flex-1 text-sm leading-snug">
        <Trans>
          The browser may clear this app's data when the device runs low on space: send scans while online.
        </Trans>
      </p>
      <Button
        tonal
        inline
        small
        className="min-h-11 shrink-0 px-3"
        onClick={() => void requestPersistentStorage().then((value) => setKept(value))}
      >
        {t`Ask again`}
      </Button>
    </div>
  );
}
