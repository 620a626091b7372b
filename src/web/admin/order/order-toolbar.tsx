import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { type OrderExportBody, orderStaffFiles } from '../../api/queries/order-staff.ts';
import { useCan } from '../../session/permissions.ts';
import { fileActions } from '../shared/file-actions.tsx';
import { PrintSelectedButton, SelectionToolbar, selectionOf } from '../shared/selection-toolbar.tsx';
import { useOrderOps } from './use-order-ops.tsx';

/**
 * The order list's operations, each shown only with its permission: cancel, intercept (ask,
 * withdraw, set the result) and check the weight of the selected orders; import checked weights
 * and clearance numbers; export the orders, their goods or their clearance data — the selected
 * ones, else every order the filters select.
 */
export function OrderToolbar({
  selected,
  filters,
  onChanged,
}: {
  selected: OrderRecord[];
  filters: Omit<OrderExportBody, 'ids'>;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const canCancel = useCan('order:cancel');
  const canIntercept = useCan('order:intercept');
  const canCheck = useCan('order:check');
  const canImport = useCan('order:import');
  const canExport = useCan('order:export');
  const canPrint = useCan('order:print');
  const ops = useOrderOps(onChanged);
  const { count, none, withIds } = selectionOf(selected);

  return (
    <SelectionToolbar
      testId="order-selected"
      count={count}
      prompt={t`Select orders for the operations`}
      operations={
        <>
          {canCancel && (
            <Button danger disabled={none} onClick={() => ops.cancel(selected)}>
              {t`Cancel orders`}
            </Button>
          )}
          {canIntercept && (
            <>
              <Button disabled={none} onClick={() => ops.intercept(selected)}>
                {t`Intercept`}
              </Button>
              <Button disabled={none} onClick={() => ops.cancelIntercept(selected)}>
                {t`Withdraw interception`}
              </Button>
              <Button disabled={none} onClick={() => ops.setResult(selected)}>
                {t`Set interception result`}
              </Button>
            </>
          )}
          {canPrint && <PrintSelectedButton selected={selected} href={printHref} label={t`Print labels`} />}
          {canCheck && (
            <Button disabled={count !== 1} onClick={() => selected[0] && ops.checkWeight(selected[0])}>
              {t`Check weight`}
            </Button>
          )}
        </>
      }
      files={fileActions({
        onImported: onChanged,
        imports: canImport && [
          {
            label: t`Import checked weights`,
            upload: orderStaffFiles.importCheck,
            template: orderStaffFiles.checkTemplate,
          },
          {
            label: t`Import clearance nos`,
            upload: orderStaffFiles.importClearance,
            template: orderStaffFiles.clearanceTemplate,
          },
        ],
        exports: canExport && [
          { label: t`Export orders`, start: () => orderStaffFiles.exportOrders(withIds(filters)) },
          { label: t`Export goods`, start: () => orderStaffFiles.exportGoods(withIds(filters)) },
          { label: t`Export clearance data`, start: () => orderStaffFiles.exportClearance(withIds(filters)) },
        ],
      })}
    >
      {ops.modals}
    </SelectionToolbar>
  );
}

/** The label print page for the orders (it opens in its own window). */
export const printHref = (orders: readonly { recId: number }[]) =>
  `/print/printCode?ids=${orders
    .slice(0, 500)
    .map((o) => o.recId)
    .join(',')}`;
