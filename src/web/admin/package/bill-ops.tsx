import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { reasonOf } from '../order/order-results.tsx';

/** A bill (package, overseas lading bill) an operation runs on. */
export interface OpBill {
  recId: number;
  no: string;
}

/** What one bill's part of an operation came to. */
export interface BillResult {
  recId: number;
  no: string;
  ok: boolean;
  message: string;
}

/** The server's calls and the screen's words for one kind of bill. */
export interface BillOpsConfig {
  /** Every list and detail of the kind (refreshed after each operation). */
  queryKey: readonly unknown[];
  /** Seal (bills that have a confirm step). */
  confirm?: (ids: number[]) => Promise<unknown>;
  confirmPickup: (
    id: number,
  ) => Promise<{ message: string; dropped: readonly { trackingNo: string; message: string }[] }>;
  /** Several picked up in one call, all or none (batches), instead of one call each. */
  confirmPickupMany?: (ids: number[]) => Promise<{ message: string }>;
  cancel: (id: number) => Promise<{ message: string; released: number }>;
  /** What a cancel freed: "# orders freed" unless said otherwise. */
  freed?: (n: number) => string;
  /** "# selected packages" … */
  selected: (n: number) => string;
  /** Column title of the bill's number. */
  noLabel: string;
  confirmContent?: string;
  pickupContent: string;
  cancelContent: string;
  cancelLabel: string;
  /** "# packages done, n refused" … */
  summary: (done: number, refused: number) => string;
}

/**
 * The operations of a bill list's toolbar and its detail, each behind a confirm prompt: confirm
 * (seal; the server takes all or none), confirm pickup (orders cancelled or intercepted meanwhile
 * are taken out and named) and cancel (its orders are freed, their number told). Pickup and cancel
 * run one bill at a time: one bill answers with a toast, several with a table of results; a kind
 * that picks up several in one call (batches) answers that call's toast.
 */
export function useBillOps(
  config: BillOpsConfig,
  onDone?: () => void,
): {
  confirm: (bills: OpBill[]) => void;
  confirmPickup: (bills: OpBill[]) => void;
  cancel: (bills: OpBill[]) => void;
  /** The cancel operation's name ("Cancel package"). */
  cancelLabel: string;
  modals: ReactNode;
} {
  const { t } = useLingui();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<{ title: string; results: BillResult[] } | null>(null);

  const what = (bills: OpBill[]) => (bills.length === 1 ? bills[0]!.no : config.selected(bills.length));
  const refresh = async () => {
    onDone?.();
    await queryClient.invalidateQueries({ queryKey: config.queryKey });
  };

  const report = async (title: string, out: BillResult[]) => {
    await refresh();
    if (out.length === 1) {
      const only = out[0]!;
      if (only.ok) message.success(only.message);
      else message.error(only.message);
    } else setResults({ title, results: out });
  };

  const each = async (bills: OpBill[], run: (id: number) => Promise<string>) => {
    const out: BillResult[] = [];
    for (const b of bills) {
      try {
        out.push({ recId: b.recId, no: b.no, ok: true, message: await run(b.recId) });
      } catch (e) {
        out.push({ recId: b.recId, no: b.no, ok: false, message: reasonOf(e) });
      }
    }
    return out;
  };

  const confirm = (bills: OpBill[]) => {
    const which = what(bills);
    modal.confirm({
      title: t`Confirm ${which}?`,
      content: config.confirmContent,
      okText: t`Confirm`,
      cancelText: t`Cancel`,
      onOk: async () => {
        try {
          await config.confirm?.(bills.map((b) => b.recId));
          await refresh();
          message.success(t`Confirmed: ${which}`);
        } catch (e) {
          message.error(reasonOf(e));
        }
      },
    });
  };

  const pickupMany = async (many: NonNullable<BillOpsConfig['confirmPickupMany']>, bills: OpBill[]) => {
    try {
      const r = await many(bills.map((b) => b.recId));
      message.success(r.message);
    } catch (e) {
      message.error(reasonOf(e));
    }
    await refresh();
  };

  const confirmPickup = (bills: OpBill[]) => {
    const which = what(bills);
    const many = bills.length > 1 ? config.confirmPickupMany : undefined;
    modal.confirm({
      title: t`Confirm the pickup of ${which}?`,
      content: config.pickupContent,
      okText: t`Confirm pickup`,
      cancelText: t`Cancel`,
      onOk: async () =>
        many
          ? pickupMany(many, bills)
          : report(
              t`Confirm pickup`,
              await each(bills, async (id) => {
                const r = await config.confirmPickup(id);
                const done = r.message;
                if (r.dropped.length === 0) return done;
                const dropped = r.dropped.map((d) => `${d.trackingNo}: ${d.message}`).join('; ');
                return t`${done}; taken out: ${dropped}`;
              }),
            ),
    });
  };

  const cancel = (bills: OpBill[]) => {
    const which = what(bills);
    modal.confirm({
      title: t`Cancel ${which}?`,
      content: config.cancelContent,
      okText: config.cancelLabel,
      okButtonProps: { danger: true },
      cancelText: t`Back`,
      onOk: async () =>
        report(
          config.cancelLabel,
          await each(bills, async (id) => {
            const r = await config.cancel(id);
            const done = r.message;
            const released = r.released;
            const freed =
              config.freed?.(released) ??
              t({ message: plural(released, { one: '# order freed', other: '# orders freed' }) });
            return `${done}: ${freed}`;
          }),
        ),
    });
  };

  const done = results?.results.filter((r) => r.ok).length ?? 0;
  const refused = (results?.results.length ?? 0) - done;
  const modals = (
    <Modal
      open={results !== null}
      title={results?.title}
      onCancel={() => setResults(null)}
      onOk={() => setResults(null)}
      cancelButtonProps={{ hidden: true }}
    >
      {results && (
        <>
          <Alert
            type={refused === 0 ? 'success' : done === 0 ? 'error' : 'warning'}
            showIcon
            style={{ marginBlockEnd: 12 }}
            title={config.summary(done, refused)}
          />
          <Table<BillResult>
            data-testid="bill-results"
            size="small"
            rowKey="recId"
            dataSource={results.results}
            pagination={results.results.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: config.noLabel, dataIndex: 'no', render: (no: string) => <span dir="ltr">{no}</span> },
              {
                title: t`Result`,
                dataIndex: 'ok',
                render: (ok: boolean) =>
                  ok ? <Tag color="success">{t`Done`}</Tag> : <Tag color="error">{t`Refused`}</Tag>,
              },
              { title: t`Message`, dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );

  return { confirm, confirmPickup, cancel, cancelLabel: config.cancelLabel, modals };
}
