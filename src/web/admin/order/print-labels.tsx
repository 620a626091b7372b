import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import { MAX_PRINT_ORDERS } from '../../../shared/contract/order-print.ts';
import { AccountType } from '../../../shared/domain/enums.ts';
import { useCan } from '../../session/permissions.ts';
import { useSession } from '../../session/store.ts';
import { PrintSelectedButton } from '../kit/selection-toolbar.tsx';

/**
 * Order labels, printed from the staff screens and the customer's own: the label print page
 * (/print/printCode, in its own window) of some orders. One print takes at most MAX_PRINT_ORDERS
 * (order/batchPrintLabel): a larger selection is not cut, the button says to select fewer.
 */

/** The label print page of the orders (at most MAX_PRINT_ORDERS; the buttons below see to it). */
export const printHref = (orders: readonly { recId: number }[]) =>
  `/print/printCode?ids=${orders.map((o) => o.recId).join(',')}`;

/**
 * Whether the caller may print labels: customer accounts their own orders (the server confines
 * them), staff with order:print.
 */
export function useMayPrintLabels(): boolean {
  const staff = useSession()?.user.type === AccountType.admin;
  const canPrint = useCan('order:print');
  return !staff || canPrint;
}

/** "Print labels" of a list's selected orders, enabled for 1 to MAX_PRINT_ORDERS of them. */
export function PrintLabelsButton({ selected }: { selected: readonly { recId: number }[] }) {
  const { t } = useLingui();
  return (
    <PrintSelectedButton
      selected={selected}
      href={printHref}
      max={MAX_PRINT_ORDERS}
      label={t`Print labels`}
    />
  );
}

/** "Print label" of one order. */
export function PrintLabelButton({ order }: { order: { recId: number } }) {
  const { t } = useLingui();
  return (
    <Button icon={<PrinterOutlined />} href={printHref([order])} target="_blank" data-testid="print-label">
      {t`Print label`}
    </Button>
  );
}
