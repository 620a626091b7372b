import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { depotQueries } from '../../api/queries/depot.ts';
import { orderKeys, orderMutations } from '../../api/queries/order.ts';
import { refusalOf, type ScanAnswer, ScanBox } from '../kit/scan-box.tsx';
import { namedOptions } from '../kit/text.ts';
import { type ScanEntry, ScanResultPanel } from './scan-result-panel.tsx';

const routeApi = getRouteApi('/_desk/admin/order/scan');

/**
 * /admin/order/scan: parcels are received at the warehouse by scanning their tracking no on the
 * kit's scan box (a keyboard-wedge scanner types it and presses Enter; typing works too). Each
 * answer plays its sound and shows the order's channel, consignee, COD and carrier tracking no
 * large; the box's session log lists this session's scans. A scale's reading may go with the scan.
 */
export function OrderScanPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const depots = useQuery(depotQueries.list(i18n.locale)).data ?? [];
  const [weight, setWeight] = useState('');
  const [last, setLast] = useState<ScanEntry | null>(null);
  const receive = useMutation(orderMutations.receive());

  const scan = async (code: string): Promise<ScanAnswer> => {
    const kg = weight.trim() || undefined;
    const trackingNo = code.toUpperCase();
    setWeight('');
    try {
      const result = await receive.mutateAsync({
        trackingNo,
        weight: kg,
        depotId: search.depotId,
      });
      setLast({ kind: result.kind, message: result.message, result });
      const o = result.order;
      return {
        code: trackingNo,
        accepted: result.kind === 'ok',
        sound: result.kind,
        message: result.message,
        detail: o ? [o.channelName, o.carrierTrackingNo].filter(Boolean).join(' · ') : undefined,
      };
    } catch (e) {
      const refused = refusalOf(e);
      setLast({ kind: 'error', message: refused.message, result: null });
      return { ...refused, code: trackingNo, sound: 'error' };
    }
  };

  return (
    <Card title={t`Warehouse scan`} data-testid="order-scan-page">
      <ScanBox
        logKey="order-scan"
        label={t`Tracking no`}
        placeholder={t`Scan or type a tracking no, then Enter`}
        button={t`Receive`}
        scan={scan}
        refresh={[orderKeys.orders()]}
        holdFocus
        testId="order-scan"
        fields={
          <Form layout="inline">
            <Form.Item label={t`Warehouse`}>
              <Select
                allowClear
                style={{ inlineSize: 200 }}
                placeholder={t`Not named`}
                value={search.depotId}
                onChange={(depotId?: number) => void navigate({ search: { depotId }, replace: true })}
                options={namedOptions(depots)}
              />
            </Form.Item>
            <Form.Item label={t`Weight (optional)`} htmlFor="scan-weight">
              <Input
                id="scan-weight"
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
                inputMode="decimal"
                suffix="kg"
                dir="ltr"
                style={{ inlineSize: 140 }}
              />
            </Form.Item>
          </Form>
        }
        last={<ScanResultPanel entry={last} />}
      />
    </Card>
  );
}
