import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Tag } from 'antd';
import type { OverseasItemRecord, OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { ltr } from '../../ui/bidi.tsx';
import type { KitColumns } from '../kit/columns.ts';
import { useBillColumns, useBillItemColumns } from '../package/bill-columns.tsx';

/** The overseas lading list's columns; the bill no opens its detail. */
export function useOverseasColumns(open: (b: OverseasRecord) => void): KitColumns<OverseasRecord> {
  const { t } = useLingui();
  const c = useBillColumns<OverseasRecord>();
  return [
    {
      title: t`Overseas lading no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { title: t`Shipping channel`, dataIndex: 'channelCode', render: ltr },
    { title: t`Carrier`, dataIndex: 'carrierCode', render: ltr },
    { title: t`Destination country`, dataIndex: 'countryName', render: (v: string | null) => v ?? '—' },
    ...c.totals,
    ...c.state,
    ...c.pickup,
    ...c.made,
  ];
}

/** The orders of one overseas lading bill, in scan order. */
export function useOverseasItemColumns(): TableColumnsType<OverseasItemRecord> {
  const { t } = useLingui();
  const c = useBillItemColumns<OverseasItemRecord>();
  return [
    c.trackingNo,
    { title: t`Customer order no`, dataIndex: 'customerNo', render: ltr },
    { title: t`Customer`, dataIndex: 'customerCode', render: ltr },
    { title: t`Consignee`, dataIndex: 'consigneeName' },
    { title: t`Consignee phone`, dataIndex: 'consigneePhone', render: ltr },
    { title: t`City`, dataIndex: 'city' },
    { title: t`Carrier tracking no`, dataIndex: 'carrierTrackingNo', render: ltr },
    c.status,
    {
      title: t`Exchanged`,
      dataIndex: 'exchangeStatus',
      render: (s: number) =>
        s === 1 ? <Tag color="success">{t`Exchanged`}</Tag> : <Tag>{t`Not exchanged`}</Tag>,
    },
    ...c.parcel,
  ];
}
