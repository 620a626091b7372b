import { useLingui } from '@lingui/react/macro';
import { useOnline } from '../ui/use-online.ts';

/** The network state in the top bar: green when online, amber when the device is offline. */
export function OnlineIndicator() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <span
      role="status"
      data-testid="online-state"
      data-online={online}
      className={`inline-flex min-h-8 items-center gap-2 rounded-full px-3 text-sm font-medium whitespace-nowrap ${
        online ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${online ? 'bg-green-600' : 'bg-amber-600'}`}
      />
      {online ? t`Online` : t`Offline`}
    </span>
  );
}
