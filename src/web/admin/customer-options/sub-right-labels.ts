import { useLingui } from '@lingui/react/macro';
import type { SubRight } from '../../../shared/domain/sub-rights.ts';

/** Each sub-account right as the main account reads it: a name and what it lets the sub-account do. */
export function useSubRightLabels(): Record<SubRight, { name: string; hint: string }> {
  const { t } = useLingui();
  return {
    'orders:create': {
      name: t`Enter and import orders`,
      hint: t`Enter orders, import them from a sheet, see the import records and add remarks`,
    },
    'orders:cancel': { name: t`Cancel orders`, hint: t`Cancel orders that have not been picked up` },
    'labels:print': { name: t`Print labels`, hint: t`Print the labels of orders, as PDF or ZPL` },
    'orders:export': {
      name: t`Export orders and reports`,
      hint: t`Export the order list, the analysis and the waybill report`,
    },
    'reports:read': { name: t`Analysis and reports`, hint: t`See the order analysis and the waybill report` },
    'statements:read': {
      name: t`Bills and COD collected`,
      hint: t`See and export the logistics bills and the COD collected`,
    },
    'apiKeys:manage': { name: t`API keys`, hint: t`Make and revoke API keys that act as this sub-account` },
  };
}
