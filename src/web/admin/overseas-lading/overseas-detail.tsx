import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Drawer, Flex, Result, Skeleton } from 'antd';
import type { OverseasDetail, OverseasItemRecord } from '../../../shared/contract/overseas-lading.ts';
import { overseasKeys, overseasOps, overseasQueries } from '../../api/queries/overseas-lading.ts';
import { useShowDetailCrumb } from '../../session/breadcrumb.ts';
import { useCan } from '../../session/permissions.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { acceptedAnswer, ScanBox } from '../kit/scan-box.tsx';
import { dash, named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { takesScans } from '../lading/search.ts';
import { ConfirmTag, PickupTag } from '../package/bill-columns.tsx';
import { BillRemarks } from '../package/bill-remarks.tsx';
import { BillOperations } from '../package/bill-toolbar.tsx';
import { useOverseasItemColumns } from './overseas-columns.tsx';
import { useOverseasOps } from './use-overseas-ops.tsx';

/**
 * One overseas lading bill in a drawer over the list: its totals, its orders (scanned into here
 * while it is open), remarks and operations.
 */
export function OverseasDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const detail = useQuery({ ...overseasQueries.detail(i18n.locale, id ?? 0), enabled: id !== undefined });
  const b = detail.data;
  useShowDetailCrumb(id !== undefined ? b?.no : undefined, onClose);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={1040}
      placement={i18n.locale === 'ar' ? 'left' : 'right'}
      title={b ? <span dir="ltr">{b.no}</span> : t`Overseas lading`}
      extra={b && <DetailOperations b={b} />}
      data-testid="overseas-detail"
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="404" title={t`The overseas lading bill does not exist`} />
      ) : !b ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody b={b} />
      )}
    </Drawer>
  );
}

function DetailOperations({ b }: { b: OverseasDetail }) {
  const ops = useOverseasOps();
  return (
    <>
      <BillOperations permission="overseasLading" bills={[b]} ops={ops} />
      {ops.modals}
    </>
  );
}

function DetailBody({ b }: { b: OverseasDetail }) {
  const { t } = useLingui();
  const time = useTime();
  const columns = useOverseasItemColumns();
  const canEdit = useCan('overseasLading:edit');
  const canScan = useCan('overseasLading:scan');
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t`Confirm state`}>
          <ConfirmTag state={b.confirmState} />
        </Descriptions.Item>
        <Descriptions.Item label={t`Pickup status`}>
          <PickupTag status={b.pickupStatus} name={b.pickupStatusName} />
        </Descriptions.Item>
        <Descriptions.Item label={t`Shipping channel`}>
          {named(b.channelName, b.channelCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t`Carrier`}>{named(b.carrierName, b.carrierCode)}</Descriptions.Item>
        <Descriptions.Item label={t`Destination country`}>{dash(b.countryName)}</Descriptions.Item>
        <Descriptions.Item label={t`Orders`}>{b.orderCount}</Descriptions.Item>
        <Descriptions.Item label={t`Pieces`}>{b.pieceCount}</Descriptions.Item>
        <Descriptions.Item label={t`Weight (kg)`}>
          <span dir="ltr">{b.weight}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t`Volume weight (kg)`}>
          <span dir="ltr">{b.volumeWeight}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t`Confirmed`}>{time(b.confirmedAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Pickup time`}>{time(b.pickedUpAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Pickup person`}>{dash(b.pickedUpBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Cancelled`}>{time(b.cancelledAt)}</Descriptions.Item>
        <Descriptions.Item label={t`Cancelled by`}>{dash(b.cancelledBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Creator`}>{dash(b.createdBy)}</Descriptions.Item>
        <Descriptions.Item label={t`Created`}>{time(b.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t`Orders (in scan order)`}>
        {canScan && takesScans(b) && (
          <ScanBox
            logKey={`overseas:${b.recId}`}
            label={t`Scan into overseas lading`}
            placeholder={t`Scan or type a tracking no`}
            button={t`Add`}
            scan={(code) => overseasOps.scan(b.recId, code).then(acceptedAnswer)}
            refresh={[overseasKeys.all()]}
            testId="overseas-scan"
          />
        )}
        <RowsTable<OverseasItemRecord>
          testId="overseas-items"
          rowKey="recId"
          columns={columns}
          rows={b.items}
          localPageSize={20}
          empty={t`No orders`}
        />
      </Card>
      <BillRemarks
        billId={b.recId}
        remarks={b.remarks}
        canEdit={canEdit}
        add={overseasOps.addRemark}
        queryKey={overseasKeys.all()}
      />
    </Flex>
  );
}
