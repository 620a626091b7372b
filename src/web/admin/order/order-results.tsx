import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Modal, Tag } from 'antd';
import { RowsTable } from '../kit/rows-table.tsx';
import { reasonOf } from '../kit/text.ts';

/** What one order's part of a bulk operation came to. */
export interface OrderResult {
  recId: number;
  trackingNo: string;
  ok: boolean;
  message: string | null;
}

/**
 * Runs an operation that the server takes one order at a time over the selected orders, one after
 * the other, and answers each one's result (a refusal of one does not stop the others).
 */
export async function eachOrder(
  orders: readonly { recId: number; trackingNo: string }[],
  run: (recId: number) => Promise<unknown>,
): Promise<OrderResult[]> {
  const out: OrderResult[] = [];
  for (const o of orders) {
    try {
      await run(o.recId);
      out.push({ recId: o.recId, trackingNo: o.trackingNo, ok: true, message: null });
    } catch (e) {
      out.push({ recId: o.recId, trackingNo: o.trackingNo, ok: false, message: reasonOf(e) });
    }
  }
  return out;
}

/** The per-order results of a bulk operation (cancel, intercept ...), refusals with their reasons. */
export function OrderResultsModal({
  title,
  results,
  onClose,
}: {
  title: string;
  results: OrderResult[] | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const done = results?.filter((r) => r.ok).length ?? 0;
  const refused = (results?.length ?? 0) - done;
  return (
    <Modal
      open={results !== null}
      title={title}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      {results && (
        <>
          <Alert
            type={refused === 0 ? 'success' : done === 0 ? 'error' : 'warning'}
            showIcon
            style={{ marginBlockEnd: 12 }}
            title={t({
              message: plural(done, {
                one: `# order done, ${refused} refused`,
                other: `# orders done, ${refused} refused`,
              }),
            })}
          />
          <RowsTable<OrderResult>
            testId="order-results"
            rowKey="recId"
            rows={results}
            localPageSize={10}
            columns={[
              {
                title: t`Tracking no`,
                dataIndex: 'trackingNo',
                render: (no: string) => <span dir="ltr">{no}</span>,
              },
              {
                title: t`Result`,
                dataIndex: 'ok',
                render: (ok: boolean) =>
                  ok ? <Tag color="success">{t`Done`}</Tag> : <Tag color="error">{t`Refused`}</Tag>,
              },
              { title: t`Reason`, dataIndex: 'message', render: (m: string | null) => m ?? '' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
