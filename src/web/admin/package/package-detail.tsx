import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex, Result, Skeleton, Space } from 'antd';
import type { PackageDetail, PackageItemRecord } from '../../../shared/contract/package.ts';
import { packageKeys, packageOps, packageQueries } from '../../api/queries/package.ts';
import { useShowDetailCrumb } from '../../session/breadcrumb.ts';
import { useCan } from '../../session/permissions.ts';
import { ltr, typed } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { dash, named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { ConfirmTag, PickupTag } from './bill-columns.tsx';
import { BillRemarks } from './bill-remarks.tsx';
import { BillOperations } from './bill-toolbar.tsx';
import { usePackageItemColumns } from './package-columns.tsx';
import { PackageLabelButtons } from './package-print.tsx';
import { usePackageOps } from './use-package-ops.tsx';

/** One package in a drawer over the list: its consignee and totals, its orders, its remarks and operations. */
export function PackageDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const detail = useQuery({ ...packageQueries.detail(i18n.locale, id ?? 0), enabled: id !== undefined });
  const p = detail.data;
  useShowDetailCrumb(id !== undefined ? p?.no : undefined, onClose);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={960}
      placement={i18n.locale === 'ar' ? 'left' : 'right'}
      title={p ? <span dir="ltr">{p.no}</span> : t`Package`}
      extra={p && <DetailOperations p={p} />}
      data-testid="package-detail"
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="404" title={t`The package does not exist`} />
      ) : !p ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody p={p} />
      )}
    </Drawer>
  );
}

function DetailOperations({ p }: { p: PackageDetail }) {
  const ops = usePackageOps();
  return (
    <>
      <Space wrap>
        <BillOperations permission="package" bills={[p]} ops={ops} />
        <PackageLabelButtons packages={[p]} />
      </Space>
      {ops.modals}
    </>
  );
}

function DetailBody({ p }: { p: PackageDetail }) {
  const { t } = useLingui();
  const time = useTime();
  const columns = usePackageItemColumns();
  const canEdit = useCan('package:edit');
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t`Confirm state`}>
          <ConfirmTag state={p.confirmState} />
        </Descriptions.Item>
        <Descriptions.Item label={t`Pickup status`}>
          <PickupTag status={p.pickupStatus} name={p.pickupStatusName} />
        </Descriptions.Item>
        <Descriptions.Item label={t`Customer`}>{named(p.customerName, p.customerCode)}</Descriptions.Item>
        <Descriptions.Item label={t`Shipping channel`}>
          {named(p.channelName, p.channelCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t`Consignee`}>{typed(p.consigneeName)}</Descriptions.Item>
        <Descriptions.Item label={t`Consignee phone`}>{ltr(p.consigneePhone)}</Descriptions.Item>
        <Descriptions.Item label={t`Destination country`}>{dash(p.countryName)}</Descriptions.Item>
        <Descriptions.Item label={t`Address`}>{typed(p.consigneeAddress)}</Descriptions.Item>
        <Descriptions.Item label={t`Orders`}>{p.orderCount}</Descriptions.Item>
        <Descriptions.Item label={t`Pieces`}>{p.pieceCount}</Descriptions.Item>
        <Descriptions.Item label={t`Weight (kg)`}>
          <span dir="ltr">{p.weight}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t`Volume weight (kg)`}>
          <span dir="ltr">{p.volumeWeight}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t`Lading bill`}>{ltr(p.ladingNo)}</Descriptions.Item>
        <Descriptions.Item label={t`Confirmed`}>{time(p.confirmedAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Pickup time`}>{time(p.pickedUpAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Pickup person`}>{dash(p.pickedUpBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Cancelled`}>{time(p.cancelledAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Cancelled by`}>{dash(p.cancelledBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Creator`}>{dash(p.createdBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Created`}>{time(p.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t`Orders in the package`}>
        <RowsTable<PackageItemRecord>
          testId="package-items"
          rowKey="recId"
          columns={columns}
          rows={p.items}
          localPageSize={20}
          empty={t`No orders`}
        />
      </Card>
      <BillRemarks
        billId={p.recId}
        remarks={p.remarks}
        canEdit={canEdit}
        add={packageOps.addRemark}
        queryKey={packageKeys.all()}
      />
    </Flex>
  );
}
