import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { RowsTable } from '../kit/rows-table.tsx';
import { reasonOf } from '../kit/text.ts';

/** A bill (package, overseas lading bill) an operation runs on. */
export interface OpBill {
  recId: number;
  no: string;
}

/** What one bill's part of an operation came to; `note` lists the parcels its pickup took out. */
export interface BillResult {
  recId: number;
  no: string;
  ok: boolean;
  message: string;
  note?: string;
}

/** A parcel a pickup took out of a bill; its message names it and where it was taken from. */
export interface DroppedParcel {
  trackingNo: string;
  message: string;
}

/** What a pickup of several bills in one call answered, each dropped parcel with its bill's id. */
export interface PickupManyResult {
  message: string;
  dropped: readonly (DroppedParcel & { billId: number })[];
}

/** The parcels taken out, one a line: each message names the parcel and where it was. */
const noteOf = (dropped: readonly DroppedParcel[]) => dropped.map((d) => d.message).join('\n');

/** The server's calls and the screen's words for one kind of bill. */
export interface BillOpsConfig {
  /** Every list and detail of the kind (refreshed after each operation). */
  queryKey: readonly unknown[];
  /** Seal (bills that have a confirm step). */
  confirm?: (ids: number[]) => Promise<unknown>;
  confirmPickup: (id: number) => Promise<{ message: string; dropped: readonly DroppedParcel[] }>;
  /** Several picked up in one call, all or none (batches), instead of one call each. */
  confirmPickupMany?: (ids: number[]) => Promise<PickupManyResult>;
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
 * that picks up several in one call (batches) answers that call's toast. A pickup that took parcels
 * out always answers with the table, each bill's parcels under it, so none goes unnoticed.
 */
export function useBillOps(
  config: BillOpsConfig,
  onDone?: () => void,
): {
  confirm: (bills: OpBill[]) => void;
  confirmPickup: (bills: OpBill[]) => void;
  cancel: (bills: OpBill[]) => void;
  /** Shows what a pickup of several in one call answered (also made elsewhere: batches by number). */
  pickedUpMany: (r: PickupManyResult, bills: OpBill[]) => Promise<void>;
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
    const only = out.length === 1 ? out[0] : undefined;
    if (only && !only.note) {
      if (only.ok) message.success(only.message);
      else message.error(only.message);
    } else setResults({ title, results: out });
  };

  const each = async (
    bills: OpBill[],
    run: (id: number) => Promise<string | Pick<BillResult, 'message' | 'note'>>,
  ) => {
    const out: BillResult[] = [];
    for (const b of bills) {
      try {
        const r = await run(b.recId);
        out.push({ recId: b.recId, no: b.no, ok: true, ...(typeof r === 'string' ? { message: r } : r) });
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

  const pickedUpMany = async (r: PickupManyResult, bills: OpBill[]) => {
    if (r.dropped.length === 0) {
      message.success(r.message);
      await refresh();
      return;
    }
    await report(
      t`Confirm pickup`,
      bills.map((b) => {
        const note = noteOf(r.dropped.filter((d) => d.billId === b.recId));
        return { recId: b.recId, no: b.no, ok: true, message: r.message, ...(note ? { note } : {}) };
      }),
    );
  };

  const pickupMany = async (many: NonNullable<BillOpsConfig['confirmPickupMany']>, bills: OpBill[]) => {
    try {
      await pickedUpMany(await many(bills.map((b) => b.recId)), bills);
    } catch (e) {
      message.error(reasonOf(e));
      await refresh();
    }
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
                const note = noteOf(r.dropped);
                return { message: r.message, ...(note ? { note } : {}) };
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
          <RowsTable<BillResult>
            testId="bill-results"
            rowKey="recId"
            rows={results.results}
            localPageSize={10}
            columns={[
              { title: config.noLabel, dataIndex: 'no', render: (no: string) => <span dir="ltr">{no}</span> },
              {
                title: t`Result`,
                dataIndex: 'ok',
                render: (ok: boolean) =>
                  ok ? <Tag color="success">{t`Done`}</Tag> : <Tag color="error">{t`Refused`}</Tag>,
              },
              {
                title: t`Message`,
                dataIndex: 'message',
                render: (text: string, r: BillResult) => (
                  <>
                    {text}
                    {r.note && (
                      <Typography.Paragraph
                        type="warning"
                        data-testid="bill-result-note"
                        style={{ whiteSpace: 'pre-line', margin: 0 }}
                      >
                        {r.note}
                      </Typography.Paragraph>
                    )}
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );

  return { confirm, confirmPickup, cancel, pickedUpMany, cancelLabel: config.cancelLabel, modals };
}
