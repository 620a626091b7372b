import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { overseasKeys, overseasOps } from '../../api/queries/overseas-lading.ts';
import { useBillOps } from '../package/bill-ops.tsx';

/**
 * The overseas lading operations (list toolbar, detail drawer): confirm, confirm pickup (the
 * last-mile carrier took the bill: its orders go out for delivery) and cancel (its orders are
 * freed for another bill).
 */
export function useOverseasOps(onDone?: () => void) {
  const { t } = useLingui();
  return useBillOps(
    {
      queryKey: overseasKeys.all(),
      confirm: overseasOps.confirm,
      confirmPickup: overseasOps.confirmPickup,
      cancel: overseasOps.cancel,
      selected: (n) => t({ message: plural(n, { one: '# selected bill', other: '# selected bills' }) }),
      noLabel: t`Overseas lading no`,
      confirmContent: t`A confirmed overseas lading bill takes no more scans.`,
      pickupContent: t`The last-mile carrier took the bill: its orders go out for delivery. Orders cancelled or intercepted meanwhile are taken out.`,
      cancelContent: t`Its orders are freed and may be scanned into another overseas lading bill. A bill already picked up cannot be cancelled.`,
      cancelLabel: t`Cancel pickup`,
      summary: (done, refused) =>
        t({
          message: plural(done, {
            one: `# bill done, ${refused} refused`,
            other: `# bills done, ${refused} refused`,
          }),
        }),
    },
    onDone,
  );
}
