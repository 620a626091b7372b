import { useLingui } from '@lingui/react/macro';
import { Button, type TableColumnsType, Typography } from 'antd';
import type { PackageItemRecord, PackageRecord } from '../../../shared/contract/package.ts';
import type { KitColumns } from '../kit/columns.ts';
import { named } from '../kit/text.ts';
import { useBillColumns, useBillItemColumns } from './bill-columns.tsx';

/** The package list's columns; the package no opens its detail. */
export function usePackageColumns(open: (p: PackageRecord) => void): KitColumns<PackageRecord> {
  const { t } = useLingui();
  const c = useBillColumns<PackageRecord>();
  return [
    {
      title: t`Package no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, p) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(p)} dir="ltr">
          {no}
        </Button>
      ),
    },
    {
      title: t`Customer`,
      dataIndex: 'customerName',
      render: (_: unknown, p) => named(p.customerName, p.customerCode),
    },
    {
      title: t`Consignee`,
      dataIndex: 'consigneeName',
      render: (name: string, p) => (
        <>
          <div>{name || '—'}</div>
          <Typography.Text type="secondary" dir="ltr">
            {p.consigneePhone}
          </Typography.Text>
        </>
      ),
    },
    { title: t`Destination country`, dataIndex: 'countryName', render: (v: string | null) => v ?? '—' },
    { title: t`Shipping channel`, dataIndex: 'channelCode', render: (v: string | null) => v ?? '—' },
    ...c.totals,
    ...c.state,
    {
      title: t`Lading bill`,
      dataIndex: 'ladingNo',
      render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
    },
    ...c.pickup,
    ...c.made,
  ];
}

/** The orders of one package. */
export function usePackageItemColumns(): TableColumnsType<PackageItemRecord> {
  const { t } = useLingui();
  const c = useBillItemColumns<PackageItemRecord>();
  return [
    c.trackingNo,
    {
      title: t`Customer order no`,
      dataIndex: 'customerNo',
      render: (v: string) => <span dir="ltr">{v}</span>,
    },
    {
      title: t`Carrier tracking no`,
      dataIndex: 'carrierTrackingNo',
      render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
    },
    c.status,
    ...c.parcel,
  ];
}
