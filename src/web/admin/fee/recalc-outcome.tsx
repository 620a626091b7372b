import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { FeeSnapshot, RecalcResult } from '../../../shared/contract/fee.ts';
import { feeKeys, feeMutations } from '../../api/queries/fee.ts';
import { orderKeys } from '../../api/queries/order.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { kg, money } from './fee-format.tsx';

const OUTCOME_COLORS = { recalculated: 'success', failed: 'error', skipped: 'default' } as const;

/** An order's fees at one moment: its lines, or why it has none. */
function Snapshot({ s }: { s: FeeSnapshot }) {
  const { t } = useLingui();
  return (
    <Flex vertical gap={2}>
      {s.lines.map((l) => (
        <span key={l.feeType}>
          {l.feeTypeName} {money(l.amount, l.currency)}
        </span>
      ))}
      {s.exception && <Typography.Text type="danger">{s.exception.reasonText}</Typography.Text>}
      {!s.lines.length && !s.exception && <Typography.Text type="secondary">{t`No fees`}</Typography.Text>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t`Chargeable weight`} {kg(s.chargeableWeight)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Recalculating fee exceptions and showing what changed: each order before and after, priced,
 * still failing (with the reason) or skipped as resolved before. `run(ids)` starts it; the lists
 * and fee sheets refresh afterwards.
 */
export function useRecalc() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mutation = useMutation(feeMutations.recalculate());
  const [result, setResult] = useState<RecalcResult | null>(null);

  const run = async (ids: number[]) => {
    try {
      setResult(await mutation.mutateAsync(ids));
    } catch {
      // The API core already showed why.
    }
    void queryClient.invalidateQueries({ queryKey: feeKeys.all() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.orders() });
  };

  const modal = (
    <Modal
      open={result !== null}
      title={t`Recalculation result`}
      width={900}
      onCancel={() => setResult(null)}
      onOk={() => setResult(null)}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {result && (
        <Flex vertical gap={12} data-testid="recalc-result">
          <Alert type={result.failed ? 'warning' : 'success'} showIcon title={result.message} />
          <RowsTable
            rowKey="recId"
            scrollY={420}
            rows={result.results}
            columns={[
              {
                title: t`Tracking no`,
                dataIndex: 'trackingNo',
                render: (v: string) => <span dir="ltr">{v}</span>,
              },
              {
                title: t`Result`,
                dataIndex: 'outcome',
                render: (o: RecalcResult['results'][number]['outcome'], r) => (
                  <Flex vertical gap={2}>
                    <Tag color={OUTCOME_COLORS[o]}>
                      {o === 'recalculated' ? t`Priced` : o === 'failed' ? t`Still failing` : t`Skipped`}
                    </Tag>
                    {o === 'skipped' && <Typography.Text type="secondary">{r.message}</Typography.Text>}
                  </Flex>
                ),
              },
              { title: t`Before`, key: 'before', render: (_, r) => <Snapshot s={r.before} /> },
              { title: t`After`, key: 'after', render: (_, r) => <Snapshot s={r.after} /> },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );

  return { run, running: mutation.isPending, modal };
}
