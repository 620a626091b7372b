import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import type { CancelResult } from '../../../shared/contract/order.ts';
import { order as contract } from '../../../shared/contract/order.ts';
import { callApi } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { orderKeys, orderOps } from '../../api/queries/order.ts';
import { reasonOf } from '../kit/text.ts';
import { CheckWvModal, type WeighedOrder } from './check-wv-modal.tsx';
import { InterceptResultModal, type InterceptResultValues, ReasonModal } from './op-modals.tsx';
import { eachOrder, type OrderResult, OrderResultsModal } from './order-results.tsx';

export interface OpOrder {
  recId: number;
  trackingNo: string;
}

type Pending = { op: 'cancel' | 'intercept' | 'result'; orders: OpOrder[] } | { op: 'none' };

/**
 * The order operations of the list's toolbar and the detail page, with their confirm prompts:
 * cancel (the server answers per order), intercept, withdraw an interception, set its result, and
 * check the weight of one order. Several orders are run one at a time, each result shown.
 */
export function useOrderOps(onDone?: () => void): {
  cancel: (orders: OpOrder[]) => void;
  intercept: (orders: OpOrder[]) => void;
  cancelIntercept: (orders: OpOrder[]) => void;
  setResult: (orders: OpOrder[]) => void;
  checkWeight: (order: WeighedOrder) => void;
  modals: ReactNode;
} {
  const { t } = useLingui();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>({ op: 'none' });
  const [results, setResults] = useState<{ title: string; results: OrderResult[] } | null>(null);
  const [weighing, setWeighing] = useState<WeighedOrder | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.orders() });
  const close = () => setPending({ op: 'none' });
  /** One order: a toast; several: the table of results. */
  const report = async (title: string, out: OrderResult[]) => {
    onDone?.();
    await refresh();
    if (out.length === 1) {
      const only = out[0]!;
      const trackingNo = only.trackingNo;
      if (only.ok) message.success(t`Done: ${trackingNo}`);
      else message.error(only.message ?? '');
    } else setResults({ title, results: out });
  };

  const count = pending.op === 'none' ? 0 : pending.orders.length;
  const first = pending.op === 'none' ? '' : (pending.orders[0]?.trackingNo ?? '');
  const which =
    count === 1
      ? first
      : t({ message: plural(count, { one: '# selected order', other: '# selected orders' }) });

  const runCancel = async (reason: string | undefined) => {
    if (pending.op === 'none') return;
    const ids = pending.orders.map((o) => o.recId);
    let answer: CancelResult;
    try {
      answer = await callApi(contract.cancelOrder, { body: { ids, reason }, silent: true });
    } catch (e) {
      const data = isApiError(e) ? (e.data as CancelResult | null) : null;
      if (!data?.results) {
        message.error(reasonOf(e));
        return;
      }
      answer = data;
    }
    close();
    await report(t`Cancel orders`, answer.results);
  };

  const runIntercept = async (reason: string | undefined) => {
    if (pending.op === 'none') return;
    const orders = pending.orders;
    close();
    await report(t`Intercept`, await eachOrder(orders, (id) => orderOps.intercept(id, reason)));
  };

  const runResult = async (v: InterceptResultValues) => {
    if (pending.op === 'none') return;
    const orders = pending.orders;
    close();
    await report(
      t`Set interception result`,
      await eachOrder(orders, (id) => orderOps.setInterceptResult({ id, ...v })),
    );
  };

  const cancelIntercept = (orders: OpOrder[]) => {
    const n = orders.length;
    const what =
      n === 1
        ? orders[0]!.trackingNo
        : t({ message: plural(n, { one: '# selected order', other: '# selected orders' }) });
    modal.confirm({
      title: t`Withdraw the interception of ${what}?`,
      content: t`The parcel goes on as usual.`,
      okText: t`Withdraw`,
      cancelText: t`Cancel`,
      onOk: async () =>
        report(t`Withdraw interception`, await eachOrder(orders, (id) => orderOps.cancelIntercept(id))),
    });
  };

  const modals = (
    <>
      <ReasonModal
        open={pending.op === 'cancel'}
        title={t`Cancel orders`}
        description={t`Cancel ${which}? Orders already picked up cannot be cancelled.`}
        okText={t`Cancel orders`}
        danger
        onOk={runCancel}
        onClose={close}
      />
      <ReasonModal
        open={pending.op === 'intercept'}
        title={t`Intercept`}
        description={t`Ask to intercept ${which}? The parcel is held until the result is set.`}
        okText={t`Intercept`}
        danger
        onOk={runIntercept}
        onClose={close}
      />
      <InterceptResultModal
        open={pending.op === 'result'}
        description={t`The result of the interception of ${which}.`}
        onOk={runResult}
        onClose={close}
      />
      <OrderResultsModal
        title={results?.title ?? ''}
        results={results?.results ?? null}
        onClose={() => setResults(null)}
      />
      <CheckWvModal
        order={weighing}
        onClose={() => {
          if (weighing) onDone?.();
          setWeighing(null);
        }}
      />
    </>
  );

  return {
    cancel: (orders) => setPending({ op: 'cancel', orders }),
    intercept: (orders) => setPending({ op: 'intercept', orders }),
    cancelIntercept,
    setResult: (orders) => setPending({ op: 'result', orders }),
    checkWeight: setWeighing,
    modals,
  };
}
