import { useLingui } from '@lingui/react/macro';
import { Button } from 'antd';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import type { OrderRecord } from '../../../shared/contract/order.ts';
import { type OrderExportBody, orderFiles } from '../../api/queries/order.ts';
import { useCan } from '../../session/permissions.ts';
import { fileActions } from '../kit/file-actions.tsx';
import { SelectionToolbar, selectionOf } from '../kit/selection-toolbar.tsx';
import { PrintLabelsButton } from './print-labels.tsx';
import { ZplPrintButtons } from './print-zpl.tsx';
import { useOrderOps } from './use-order-ops.tsx';

export { printHref } from './print-labels.tsx';

/** The list's filters as the exports take them; the time range may be open (then they refuse). */
export type OrderExportFilters = Omit<OrderExportBody, 'ids' | 'startTime' | 'endTime'> & {
  startTime?: string | undefined;
  endTime?: string | undefined;
};

/**
 * The order list's operations, each shown only with its permission: cancel, intercept (ask,
 * withdraw, set the result), print the labels of (at most 500) and check the weight of the selected
 * orders; import checked weights (re-weighing: order:check) and clearance numbers; export the
 * orders, their goods or their clearance data — the selected ones, else every order the filters
 * select — once the filters have a time range with both ends (the server refuses an export
 * without: "Creation time range must be selected").
 */
export function OrderToolbar({
  selected,
  filters,
  onChanged,
}: {
  selected: OrderRecord[];
  filters: OrderExportFilters;
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
  const { startTime, endTime } = filters;
  const ranged = startTime && endTime ? { ...filters, startTime, endTime } : null;
  const needsRange = t`Creation time range must be selected`;
  const exportOf = (start: (body: OrderExportBody) => Promise<ExportTaskRecord>) => ({
    blockedBy: ranged ? undefined : needsRange,
    start: () => (ranged ? start(withIds(ranged)) : Promise.reject(new Error(needsRange))),
  });

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
          {canPrint && <PrintLabelsButton selected={selected} />}
          {canPrint && <ZplPrintButtons orders={selected} />}
          {canCheck && (
            <Button disabled={count !== 1} onClick={() => selected[0] && ops.checkWeight(selected[0])}>
              {t`Check weight`}
            </Button>
          )}
        </>
      }
      files={fileActions({
        onImported: onChanged,
        imports: [
          ...(canCheck
            ? [
                {
                  label: t`Import checked weights`,
                  upload: orderFiles.importCheck,
                  template: orderFiles.checkTemplate,
                },
              ]
            : []),
          ...(canImport
            ? [
                {
                  label: t`Import clearance nos`,
                  upload: orderFiles.importClearance,
                  template: orderFiles.clearanceTemplate,
                },
              ]
            : []),
        ],
        exports: canExport && [
          { label: t`Export orders`, ...exportOf(orderFiles.exportOrders) },
          { label: t`Export goods`, ...exportOf(orderFiles.exportGoods) },
          { label: t`Export clearance data`, ...exportOf(orderFiles.exportClearance) },
        ],
      })}
    >
      {ops.modals}
    </SelectionToolbar>
  );
}
