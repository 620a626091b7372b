import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Tag } from 'antd';
import type { FeeRuleFiguresRecord } from '../../../shared/contract/fee.ts';
import { FeeExceptionReason, FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { feeMessages } from '../../../shared/i18n/fee-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { isolate, Ltr } from '../../ui/bidi.tsx';
import { FEE_SHEET_PATH } from './search.ts';

/** Names the server also writes (answers, exports), shared so both say the same thing. */
export const STATE_LABELS: Record<number, MessageDescriptor> = {
  [FeeExceptionState.pending]: feeMessages.state0,
  [FeeExceptionState.resolved]: feeMessages.state1,
};

export const money = (amount: string, currency: string) => (
  <Ltr style={{ whiteSpace: 'nowrap' }}>{`${amount} ${currency}`.trim()}</Ltr>
);

export const kg = (v: string | null | undefined) => (v ? <Ltr>{`${v} kg`}</Ltr> : '—');

/**
 * A volume weight with the divisor it was computed with, as one left-to-right run: apart, the two
 * figures meet in Arabic as "÷60000.512 kg".
 */
export const volumeKg = (v: string | null | undefined, divisor: number | null | undefined) =>
  v ? <Ltr style={{ whiteSpace: 'nowrap' }}>{`${v} kg${divisor ? ` (÷${divisor})` : ''}`}</Ltr> : '—';

/** The exception reasons for the filter (the server words each row's reason with its channel and country). */
export function useReasonOptions() {
  const { t } = useLingui();
  return [
    { value: FeeExceptionReason.noRule, label: t`No price rule` },
    { value: FeeExceptionReason.ruleInvalid, label: t`Rule cannot be applied` },
  ];
}

/** A price rule in one line: "0.500 kg 38.00, then 16.00 per 0.500 kg (CNY)". */
export function useRuleText(): (rule: FeeRuleFiguresRecord | null) => string {
  const { t } = useLingui();
  return (r) => {
    if (!r) return '—';
    const [firstWeight, firstPrice, stepPrice, stepWeight, currency] = [
      r.firstWeight,
      r.firstPrice,
      r.stepPrice,
      r.stepWeight,
      r.currency,
    ].map(isolate);
    return t`${firstWeight} kg ${firstPrice}, then ${stepPrice} per ${stepWeight} kg (${currency})`;
  };
}

export function StateTag({ state, name }: { state: number; name: string }) {
  return <Tag color={state === FeeExceptionState.pending ? 'error' : 'success'}>{name}</Tag>;
}

/** The tracking no as a link to the order's fee sheet, in a tab named by the tracking no. */
export function FeeSheetLink({ orderId, trackingNo }: { orderId: number; trackingNo: string }) {
  return (
    <Link to={FEE_SHEET_PATH} params={{ id: String(orderId) }} search={{ name: trackingNo }} dir="ltr">
      {trackingNo}
    </Link>
  );
}
