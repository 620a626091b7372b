import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ExchangeCombinedResult, ExchangeScanResult } from '../../../shared/contract/exchange.ts';
import { exchangeKeys, exchangeOps } from '../../api/queries/exchange.ts';
import { useCan } from '../../session/permissions.ts';
import { reasonOf } from '../kit/text.ts';
import { playScanSound } from '../order/scan-sounds.ts';
import { ScanInput } from '../shared/scan-input.tsx';

type Answer =
  | { kind: 'one'; result: ExchangeScanResult }
  | { kind: 'package'; result: ExchangeCombinedResult };

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

/**
 * The desk's exchange scan at the destination (the PDA's, online only): our tracking no in (typed,
 * or a scanner's Enter), the last-mile carrier's number to relabel with out, and the order marked
 * exchanged; "whole package" exchanges every order of the package the number belongs to.
 */
export function ExchangeScanBox() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [combined, setCombined] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const scan = async (code: string) => {
    setRefusal(null);
    setAnswer(null);
    try {
      if (combined) {
        const result = await exchangeOps.scanCombined(code);
        setAnswer({ kind: 'package', result });
        playScanSound(result.results.every((r) => r.result !== 'refused') ? 'ok' : 'error');
      } else {
        const result = await exchangeOps.scan(code);
        setAnswer({ kind: 'one', result });
        playScanSound(result.result === 'ok' ? 'ok' : 'already');
      }
      await queryClient.invalidateQueries({ queryKey: exchangeKeys.all() });
      return true;
    } catch (e) {
      setRefusal(reasonOf(e));
      playScanSound('error');
      return false;
    }
  };

  return (
    <Card size="small" title={t`Exchange scan`} data-testid="exchange-scan">
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" wrap>
          <ScanInput
            label={t`Tracking no to exchange`}
            placeholder={
              combined ? t`Scan a package no or a tracking no in it` : t`Scan or type a tracking no`
            }
            button={t`Exchange`}
            onScan={scan}
          />
          <Checkbox checked={combined} onChange={(e) => setCombined(e.target.checked)}>
            {t`Whole package`}
          </Checkbox>
        </Flex>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="exchange-refusal" />}
        {answer?.kind === 'one' && (
          <Flex vertical gap={4}>
            <Typography.Text data-testid="exchange-message">{answer.result.message}</Typography.Text>
            <Relabel
              trackingNo={answer.result.trackingNo}
              carrier={answer.result.carrierName}
              number={answer.result.carrierTrackingNo}
            />
          </Flex>
        )}
        {answer?.kind === 'package' && (
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
        )}
      </Flex>
    </Card>
  );
}
