import { useLingui } from '@lingui/react/macro';
import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ReceiveResult } from '../../../shared/contract/order.ts';
import type { ScanSound } from '../kit/scan-sounds.ts';

/** The last receiving scan: its answer and the order it found. */
export interface ScanEntry {
  kind: ScanSound;
  message: string;
  result: ReceiveResult | null;
}

const ALERT_TYPES: Record<ScanSound, 'success' | 'info' | 'warning' | 'error'> = {
  ok: 'success',
  already: 'info',
  unknown: 'error',
  cancelled: 'warning',
  intercepted: 'error',
  error: 'error',
};

function Big({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex vertical style={{ flex: '1 1 220px', minInlineSize: 0 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong style={{ fontSize: 26, lineHeight: 1.3 }} data-testid={testId}>
        {children}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The last scan, readable from a step away: what to do with the parcel, then the channel,
 * consignee, COD and the carrier tracking no to label it with.
 */
export function ScanResultPanel({ entry }: { entry: ScanEntry | null }) {
  const { t } = useLingui();
  if (!entry)
    return (
      <Alert
        type="info"
        showIcon
        title={t`Ready: scan a parcel's tracking no.`}
        description={t`A high beep means received; two beeps, already received; a low buzz, unknown; a falling tone, cancelled; an alarm, intercepted (set the parcel aside).`}
      />
    );
  const o = entry.result?.order;
  return (
    <Flex vertical gap={16} data-testid="scan-result" data-kind={entry.kind}>
      <Alert
        type={ALERT_TYPES[entry.kind]}
        showIcon
        title={<span style={{ fontSize: 22 }}>{entry.message}</span>}
      />
      {o && (
        <Flex wrap gap={24}>
          <Big label={t`Shipping channel`} testId="scan-channel">
            {o.channelName}
          </Big>
          <Big label={t`Consignee`} testId="scan-consignee">
            {o.consigneeName}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 16 }}>
              {[o.countryName, o.city].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Big>
          <Big label={t`COD`} testId="scan-cod">
            {o.isCod ? (
              <Typography.Text type="danger" style={{ fontSize: 'inherit' }}>
                <span dir="ltr">{`${o.codAmount} ${o.codCurrency}`}</span>
              </Typography.Text>
            ) : (
              t`No`
            )}
          </Big>
          <Big label={t`Carrier tracking no`} testId="scan-carrier-no">
            <span dir="ltr">{o.carrierTrackingNo ?? '—'}</span>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 16 }}>
              {o.carrierName ?? ''}
            </Typography.Text>
          </Big>
        </Flex>
      )}
    </Flex>
  );
}
