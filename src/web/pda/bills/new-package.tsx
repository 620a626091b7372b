import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'konsta/react';
import { useState } from 'react';
import { createPackage, type PdaBill, pdaQueries } from '../../api/queries/pda.ts';
import { useOnline } from '../../ui/use-online.ts';

/** Opens a new package to scan orders into; the server numbers it, so this needs the network. */
export function NewPackageButton({ onCreated }: { onCreated: (bill: PdaBill) => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <div className="border-t border-black/10 p-4">
      <Button
        large
        className="min-h-14"
        data-testid="new-package"
        disabled={!online || busy}
        onClick={async () => {
          setBusy(true);
          try {
            const bill = await createPackage();
            await queryClient.invalidateQueries({ queryKey: pdaQueries.openBills('package').queryKey });
            onCreated(bill);
          } catch {
            // The API core showed the server's message.
          } finally {
            setBusy(false);
          }
        }}
      >
        {online ? t`New package` : t`New package (needs the network)`}
      </Button>
    </div>
  );
}
