import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Checkbox, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ExchangeCombinedResult, ExchangeScanResult } from '../../../shared/contract/exchange.ts';
import { exchangeKeys, exchangeOps } from '../../api/queries/exchange.ts';
import { useCan } from '../../session/permissions.ts';
import { refusalOf, type ScanAnswer, ScanBox } from '../kit/scan-box.tsx';

type Answer =
  | { kind: 'one'; result: ExchangeScanResult }
  | { kind: 'package'; result: ExchangeCombinedResult }
  | { kind: 'refused'; message: string };

/** The carrier and the number to relabel the parcel with, large, and its label to print. */
function Relabel({
  trackingNo,
  carrier,
  number,
}: {
  trackingNo: string;
  carrier: string | null;
  number: string | null;
}) {
  const { t } = useLingui();
  const canPrint = useCan('order:print');
  return (
    <Flex align="center" justify="space-between" gap={12} wrap data-testid="exchange-relabel">
      <div>
        <Typography.Text type="secondary">{carrier ?? '—'}</Typography.Text>
        <Typography.Title level={3} style={{ margin: 0 }} copyable={number ? { text: number } : false}>
          <bdi data-testid="exchange-relabel-no">{number ?? '—'}</bdi>
        </Typography.Title>
      </div>
      {canPrint && (
        <Button
          icon={<PrinterOutlined />}
          href={`/print/printCode?trackingNos=${encodeURIComponent(trackingNo)}&autoPrint=1`}
          target="_blank"
        >
          {t`Print the label`}
        </Button>
      )}
    </Flex>
  );
}

/** The last exchange: the number to relabel with (one order) or each order of the package. */
function ExchangeAnswer({ answer }: { answer: Answer | null }) {
  const { t } = useLingui();
  if (answer?.kind === 'refused')
    return <Alert type="error" showIcon title={answer.message} data-testid="exchange-refusal" />;
  if (answer?.kind === 'one')
    return (
      <Flex vertical gap={4}>
        <Typography.Text data-testid="exchange-message">{answer.result.message}</Typography.Text>
        <Relabel
          trackingNo={answer.result.trackingNo}
          carrier={answer.result.carrierName}
          number={answer.result.carrierTrackingNo}
        />
      </Flex>
    );
  if (answer?.kind !== 'package') return null;
  return (
    <List
      size="small"
      header={
        <Typography.Text strong dir="ltr">
          {answer.result.packageNo}
        </Typography.Text>
      }
      dataSource={answer.result.results}
      renderItem={(r) => (
        <List.Item key={r.trackingNo}>
          <Flex vertical gap={4} style={{ inlineSize: '100%' }}>
            <span>
              <bdi>{r.trackingNo}</bdi>{' '}
              {r.result === 'refused' ? (
                <Tag color="error">{t`Refused`}</Tag>
              ) : (
                <Tag color="success">{t`Done`}</Tag>
              )}
              <Typography.Text type={r.result === 'refused' ? 'danger' : 'secondary'}>
                {r.message}
              </Typography.Text>
            </span>
            {r.label && (
              <Relabel
                trackingNo={r.trackingNo}
                carrier={r.label.carrierName}
                number={r.label.carrierTrackingNo}
              />
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}

/**
 * The desk's exchange scan at the destination (the PDA's, online only), on the kit's scan box: our
 * tracking no in, the last-mile carrier's number to relabel with out, and the order marked
 * exchanged; "whole package" exchanges every order of the package the number belongs to.
 */
export function ExchangeScan() {
  const { t } = useLingui();
  const [combined, setCombined] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const scan = async (code: string): Promise<ScanAnswer> => {
    setAnswer(null);
    try {
      if (combined) {
        const result = await exchangeOps.scanCombined(code);
        setAnswer({ kind: 'package', result });
        const refused = result.results.filter((r) => r.result === 'refused');
        const done = result.results.length - refused.length;
        const packageNo = result.packageNo;
        return {
          accepted: refused.length === 0,
          sound: refused.length === 0 ? 'ok' : 'error',
          message: refused.length
            ? refused.map((r) => r.message).join(' · ')
            : t`Package ${packageNo}: ${done} exchanged`,
        };
      }
      const result = await exchangeOps.scan(code);
      setAnswer({ kind: 'one', result });
      return {
        accepted: true,
        sound: result.result === 'ok' ? 'ok' : 'already',
        message: result.message,
        detail: [result.carrierName, result.carrierTrackingNo].filter(Boolean).join(' · ') || undefined,
      };
    } catch (e) {
      const refused = refusalOf(e);
      setAnswer({ kind: 'refused', message: refused.message });
      return { ...refused, sound: 'error' };
    }
  };

  return (
    <Card size="small" title={t`Exchange scan`} data-testid="exchange-scan">
      <ScanBox
        logKey="exchange"
        label={t`Tracking no to exchange`}
        placeholder={combined ? t`Scan a package no or a tracking no in it` : t`Scan or type a tracking no`}
        button={t`Exchange`}
        scan={scan}
        refresh={[exchangeKeys.all()]}
        fields={
          <Checkbox checked={combined} onChange={(e) => setCombined(e.target.checked)}>
            {t`Whole package`}
          </Checkbox>
        }
        last={<ExchangeAnswer answer={answer} />}
        testId="exchange-scan-input"
      />
    </Card>
  );
}
