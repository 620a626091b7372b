import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { packageKeys, packageOps } from '../../api/queries/package.ts';
import { useBillOps } from './bill-ops.tsx';

/**
 * The package operations (list toolbar, detail drawer, merge result): confirm (then it can go
 * into a package lading bill), confirm pickup (a carrier took it directly) and cancel (its orders
 * are freed).
 */
export function usePackageOps(onDone?: () => void) {
  const { t } = useLingui();
  return useBillOps(
    {
      queryKey: packageKeys.all(),
      confirm: packageOps.confirm,
      confirmPickup: packageOps.confirmPickup,
      cancel: packageOps.cancel,
      selected: (n) => t({ message: plural(n, { one: '# selected package', other: '# selected packages' }) }),
      noLabel: t`Package no`,
      confirmContent: t`A confirmed package takes no more orders and can go into a package lading bill.`,
      pickupContent: t`A carrier took the package directly: its orders become picked up. Orders cancelled or intercepted meanwhile are taken out.`,
      cancelContent: t`Its orders are freed and may go into another package or lading bill. A package picked up or in a lading bill cannot be cancelled.`,
      cancelLabel: t`Cancel package`,
      summary: (done, refused) =>
        t({
          message: plural(done, {
            one: `# package done, ${refused} refused`,
            other: `# packages done, ${refused} refused`,
          }),
        }),
    },
    onDone,
  );
}
