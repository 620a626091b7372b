import { useLingui } from '@lingui/react/macro';
import { Alert, Card, Descriptions, Typography } from 'antd';
import type { FeeInfoRecord, FeeLineRecord } from '../../../shared/contract/fee.ts';
import { isolate, Ltr } from '../../ui/bidi.tsx';
import { RowsTable, TableSummary } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { kg, money, StateTag, useRuleText, volumeKg } from './fee-format.tsx';

const sameRule = (a: FeeInfoRecord['rule'], b: FeeInfoRecord['rule']) =>
  !!a &&
  !!b &&
  (Object.keys(a) as (keyof typeof a)[]).every((k) =>
    k === 'currency' ? a[k] === b[k] : Number(a[k]) === Number(b[k]),
  );

/** What the fees were computed on: weights, sides, volume divisor, COD amount, and the rule then and now. */
export function BasisSection({ sheet }: { sheet: FeeInfoRecord }) {
  const { t } = useLingui();
  const ruleText = useRuleText();
  const rule = sheet.rule;
  const rate = isolate(rule?.codFeeRatePercent);
  const minimum = isolate(rule?.minCodFee);
  const sides =
    sheet.length && sheet.width && sheet.height
      ? `${sheet.length} × ${sheet.width} × ${sheet.height} cm`
      : null;
  return (
    <Card size="small" title={t`Basis`} style={{ flex: '1 1 380px' }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t`Declared weight`}>{kg(sheet.declaredWeight)}</Descriptions.Item>
        <Descriptions.Item label={t`Checked weight`}>
          {sheet.checkedWeight ? kg(sheet.checkedWeight) : t`Not checked`}
        </Descriptions.Item>
        <Descriptions.Item label={t`Computed on`}>{kg(sheet.weight)}</Descriptions.Item>
        <Descriptions.Item label={t`Sides`}>{sides ? <Ltr>{sides}</Ltr> : '—'}</Descriptions.Item>
        <Descriptions.Item label={t`Volume weight`}>
          {volumeKg(sheet.volumeWeight, sheet.volumeDivisor)}
        </Descriptions.Item>
        <Descriptions.Item label={t`Chargeable weight`}>
          <Typography.Text strong>{kg(sheet.chargeableWeight)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t`COD`}>
          {sheet.isCod ? money(sheet.codAmount, sheet.codCurrency) : t`No`}
        </Descriptions.Item>
        <Descriptions.Item label={t`Price rule applied`}>{ruleText(sheet.rule)}</Descriptions.Item>
        {rule && (
          <Descriptions.Item
            label={t`COD fee rule`}
          >{t`${rate}% of the COD amount, at least ${minimum}`}</Descriptions.Item>
        )}
        <Descriptions.Item label={t`Channel’s rule now`}>
          <span dir="auto">
            {sheet.currentRule ? ruleText(sheet.currentRule) : t`None for this destination`}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {sheet.rule && sheet.currentRule && !sameRule(sheet.rule, sheet.currentRule) && (
        <Alert
          type="info"
          showIcon
          title={t`The channel’s rule has changed since these fees were computed; a re-weigh computes them again.`}
        />
      )}
    </Card>
  );
}

/** How one line's amount was reached, in words. */
function useComputation(): (l: FeeLineRecord) => string {
  const { t } = useLingui();
  return (l) => {
    if (l.freight) {
      const f = l.freight;
      const [firstPrice, firstWeight, stepPrice, extraWeight, stepWeight, chargeableWeight] = [
        f.firstPrice,
        f.firstWeight,
        f.stepPrice,
        f.extraWeight,
        f.stepWeight,
        f.chargeableWeight,
      ].map(isolate);
      const steps = isolate(String(f.steps));
      return f.steps
        ? t`${firstPrice} for the first ${firstWeight} kg + ${steps} × ${stepPrice} for ${extraWeight} kg more (steps of ${stepWeight} kg)`
        : t`${firstPrice} for the first ${firstWeight} kg (${chargeableWeight} kg)`;
    }
    if (l.codFee) {
      const c = l.codFee;
      const ratePercent = isolate(c.ratePercent);
      const cod = isolate(`${c.codAmount} ${c.codCurrency}`);
      const rateAmount = isolate(c.rateAmount);
      const minimum = isolate(c.minimum ?? '');
      return c.minimumApplied
        ? t`${ratePercent}% of ${cod} = ${rateAmount}, raised to the minimum ${minimum}`
        : t`${ratePercent}% of ${cod} = ${rateAmount}`;
    }
    return '—';
  };
}

/** The fee lines with their computation and the totals per currency. */
export function LinesSection({ sheet }: { sheet: FeeInfoRecord }) {
  const { t } = useLingui();
  const time = useTime();
  const computation = useComputation();
  const computed = sheet.computedAt && time(sheet.computedAt);
  return (
    <Card
      size="small"
      title={t`Fee lines`}
      extra={computed && <Typography.Text type="secondary">{t`Computed ${computed}`}</Typography.Text>}
      style={{ flex: '2 1 520px' }}
    >
      <RowsTable<FeeLineRecord>
        testId="fee-lines"
        rowKey="recId"
        rows={sheet.lines}
        empty={t`No fees`}
        columns={[
          { title: t`Fee type`, dataIndex: 'feeTypeName', width: 130 },
          { title: t`Computation`, key: 'how', render: (_, l) => computation(l) },
          {
            title: t`Amount`,
            dataIndex: 'amount',
            align: 'end',
            render: (v: string, l) => money(v, l.currency),
          },
        ]}
        summary={() =>
          sheet.totals.map(({ currency, amount }) => (
            <TableSummary.Row key={currency}>
              <TableSummary.Cell index={0} colSpan={2}>
                <Typography.Text strong>{t`Total (${currency})`}</Typography.Text>
              </TableSummary.Cell>
              <TableSummary.Cell index={2} align="end">
                <Typography.Text strong>{money(amount, currency)}</Typography.Text>
              </TableSummary.Cell>
            </TableSummary.Row>
          ))
        }
      />
    </Card>
  );
}

/** The order's fee exceptions, newest first: when, why, and how each ended. */
export function ExceptionsSection({ sheet }: { sheet: FeeInfoRecord }) {
  const { t } = useLingui();
  const time = useTime();
  if (!sheet.exceptions.length) return null;
  return (
    <Card size="small" title={t`Fee exceptions`}>
      <RowsTable
        rowKey="recId"
        rows={sheet.exceptions}
        columns={[
          {
            title: t`State`,
            dataIndex: 'state',
            render: (s: number, x) => <StateTag state={s} name={x.stateName} />,
          },
          { title: t`Reason`, dataIndex: 'reasonText' },
          { title: t`First failed`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t`Last retried`, dataIndex: 'retriedAt', render: (v: string | null) => time(v) },
          { title: t`Resolved at`, dataIndex: 'resolvedAt', render: (v: string | null) => time(v) },
          { title: t`Resolved by`, dataIndex: 'resolvedBy', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Card>
  );
}
