import { ScanOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Card, Flex, Form, Input, type InputRef, Select, Statistic, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { orderStaffKeys, orderStaffMutations } from '../../api/queries/order-staff.ts';
import { namedOptions, reasonOf } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { type ScanEntry, ScanResultPanel } from './scan-result-panel.tsx';
import { playScanSound, type ScanSound } from './scan-sounds.ts';

const routeApi = getRouteApi('/_desk/admin/order/scan');

export const KIND_COLORS: Record<ScanSound, string> = {
  ok: 'success',
  already: 'processing',
  unknown: 'error',
  cancelled: 'default',
  intercepted: 'warning',
  error: 'error',
};

/**
 * /admin/order/scan: parcels are received at the warehouse by scanning their tracking no (a
 * keyboard-wedge scanner types it and presses Enter; typing works too). Each answer plays its
 * sound and shows the order's channel, consignee, COD and carrier tracking no large; this
 * session's scans are listed below. A scale's reading may go with the scan.
 */
export function OrderScanPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const time = useTime();
  const depots = useQuery(carrierQueries.depots(i18n.locale)).data ?? [];
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [weight, setWeight] = useState('');
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const seq = useRef(0);
  const receive = useMutation(orderStaffMutations.receive());

  const focusScan = () => input.current?.focus();

  // A wedge scanner types wherever the focus is: keys typed on the bare page go to the scan input.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const idle = !document.activeElement || document.activeElement === document.body;
      if (idle && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = async () => {
    const trackingNo = code.trim().toUpperCase();
    if (!trackingNo) return;
    const kg = weight.trim() || undefined;
    setCode('');
    setWeight('');
    focusScan();
    const key = ++seq.current;
    const at = new Date().toISOString();
    let entry: ScanEntry;
    try {
      const result = await receive.mutateAsync({ trackingNo, weight: kg, depotId: search.depotId });
      entry = { key, at, trackingNo, kind: result.kind, message: result.message, result };
      if (result.kind === 'ok') void queryClient.invalidateQueries({ queryKey: orderStaffKeys.orders() });
    } catch (e) {
      entry = { key, at, trackingNo, kind: 'error', message: reasonOf(e), result: null };
    }
    playScanSound(entry.kind);
    setEntries((list) => [entry, ...list]);
  };

  const counts = (kind: ScanSound) => entries.filter((e) => e.kind === kind).length;
  const last = entries[0] ?? null;

  return (
    <Flex vertical gap={16} data-testid="order-scan-page">
      <Card title={t`Warehouse scan`}>
        <Form layout="vertical" onFinish={() => void submit()}>
          <Flex wrap gap="0 16px" align="flex-end">
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
            <Form.Item label={t`Tracking no`} htmlFor="scan-input" style={{ flex: '1 1 320px' }}>
              <Input
                id="scan-input"
                ref={input}
                size="large"
                autoFocus
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                prefix={<ScanOutlined />}
                placeholder={t`Scan or type a tracking no, then Enter`}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onBlur={(e) => {
                  // Clicking the bare page must not leave the scanner typing into nothing.
                  if (!e.relatedTarget) setTimeout(focusScan, 0);
                }}
                data-testid="scan-input"
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" size="large" htmlType="submit">
                {t`Receive`}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
        <ScanResultPanel entry={last} />
      </Card>
      <Card title={t`This session`}>
        <Flex wrap gap={32} style={{ marginBlockEnd: 16 }}>
          <Statistic title={t`Received`} value={counts('ok')} />
          <Statistic title={t`Already received`} value={counts('already')} />
          <Statistic title={t`Unknown`} value={counts('unknown')} />
          <Statistic title={t`Set aside`} value={counts('cancelled') + counts('intercepted')} />
        </Flex>
        <Table<ScanEntry>
          data-testid="scan-list"
          size="small"
          rowKey="key"
          dataSource={entries}
          pagination={entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          columns={[
            { title: t`Time`, dataIndex: 'at', render: (v: string) => time(v), width: 160 },
            {
              title: t`Tracking no`,
              dataIndex: 'trackingNo',
              render: (v: string) => <span dir="ltr">{v}</span>,
            },
            {
              title: t`Result`,
              dataIndex: 'kind',
              render: (k: ScanSound, e) => <Tag color={KIND_COLORS[k]}>{e.message}</Tag>,
            },
            {
              title: t`Shipping channel`,
              key: 'channel',
              render: (_, e) => e.result?.order?.channelName ?? '—',
            },
            {
              title: t`Carrier tracking no`,
              key: 'carrier',
              render: (_, e) => <span dir="ltr">{e.result?.order?.carrierTrackingNo ?? '—'}</span>,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
