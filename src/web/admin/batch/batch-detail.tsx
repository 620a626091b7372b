import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import type { BatchDetail } from '../../../shared/contract/batch.ts';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { batchFiles, batchKeys, batchOps, batchQueries } from '../../api/queries/batch.ts';
import { ladingKeys } from '../../api/queries/lading.ts';
import { useShowDetailCrumb } from '../../session/breadcrumb.ts';
import { useCan } from '../../session/permissions.ts';
import { ltr } from '../../ui/bidi.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { acceptedAnswer, ScanBox } from '../kit/scan-box.tsx';
import { dash, named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { PickupTag } from '../lading/lading-columns.tsx';
import { BillRemarks } from '../package/bill-remarks.tsx';
import { ManifestButtons } from '../shared/manifest-buttons.tsx';
import { EditAirCargoModal } from './air-cargo-modals.tsx';
import { YesNoTag } from './batch-columns.tsx';
import { BatchLabelButtons } from './batch-label-buttons.tsx';
import { batchActions, printBatchHref } from './search.ts';
import { useBatchOps } from './use-batch-ops.tsx';

/**
 * One batch in a drawer over the list (spec: batch order detail): its totals, its air cargo (to
 * edit), its lading bills in the order they were added (more can be scanned in until it is picked
 * up), its remarks, the operations its state allows and, once picked up, its handover manifest.
 */
export function BatchDetailDrawer({
  id,
  onClose,
  onOpenLading,
}: {
  id: number | undefined;
  onClose: () => void;
  onOpenLading: (ladingId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const detail = useQuery({ ...batchQueries.detail(i18n.locale, id ?? 0), enabled: id !== undefined });
  const b = detail.data;
  const no = b?.batchNo ?? '';
  useShowDetailCrumb(id !== undefined ? b?.batchNo : undefined, onClose);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={1040}
      placement={i18n.locale === 'ar' ? 'left' : 'right'}
      title={b ? t`Batch ${no}` : t`Batch`}
      extra={b && <DetailOperations b={b} />}
      data-testid="batch-detail"
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="404" title={t`The batch does not exist`} />
      ) : !b ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody b={b} onOpenLading={onOpenLading} />
      )}
    </Drawer>
  );
}

function DetailOperations({ b }: { b: BatchDetail }) {
  const { t } = useLingui();
  const mayPickup = useCan('batch:pickup');
  const mayCancel = useCan('batch:cancel');
  const mayEdit = useCan('batch:edit');
  const mayPrint = useCan('batch:print');
  const queryClient = useQueryClient();
  const ops = useBatchOps();
  const [editing, setEditing] = useState(false);
  const can = batchActions(b);
  return (
    <Space wrap>
      {mayPickup && can.pickup && (
        <Button type="primary" onClick={() => ops.confirmPickup([b])}>
          {t`Confirm pickup`}
        </Button>
      )}
      {mayCancel && can.cancel && (
        <Button danger onClick={() => ops.cancel([b])}>
          {t`Cancel pickup`}
        </Button>
      )}
      {mayEdit && can.edit && <Button onClick={() => setEditing(true)}>{t`Edit air cargo`}</Button>}
      {mayPrint && (
        <Button icon={<PrinterOutlined />} href={printBatchHref([b])} target="_blank">
          {t`Print`}
        </Button>
      )}
      {mayPrint && <BatchLabelButtons batches={[b]} />}
      {ops.modals}
      <EditAirCargoModal
        batch={editing ? b : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void queryClient.invalidateQueries({ queryKey: batchKeys.all() });
        }}
      />
    </Space>
  );
}

function DetailBody({ b, onOpenLading }: { b: BatchDetail; onOpenLading: (ladingId: number) => void }) {
  const { t } = useLingui();
  const time = useTime();
  const canEdit = useCan('batch:edit');
  const canScan = useCan('batch:scan');
  const canPrint = useCan('batch:print');
  return (
    <Flex vertical gap={16}>
      {/* In the body, not the header: the header's buttons would crowd out the batch's title. */}
      {canPrint && b.pickupStatus === 2 && (
        <Flex>
          <ManifestButtons
            download={(format) => batchFiles.manifest(b.recId, format)}
            testId="batch-manifest"
          />
        </Flex>
      )}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t`Pickup status`}>
          <span data-testid="batch-pickup-status">
            <PickupTag bill={b} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t`Lading count`}>{b.ladingCount}</Descriptions.Item>
        <Descriptions.Item label={t`Orders`}>{b.orderCount}</Descriptions.Item>
        <Descriptions.Item label={t`Pieces`}>{b.pieceCount}</Descriptions.Item>
        <Descriptions.Item label={t`Weight (kg)`}>{ltr(b.weight)}</Descriptions.Item>
        <Descriptions.Item label={t`Volume weight (kg)`}>{ltr(b.volumeWeight)}</Descriptions.Item>
        <Descriptions.Item
          label={t`Created`}
        >{`${time(b.createdAt)} · ${dash(b.createdBy)}`}</Descriptions.Item>
        <Descriptions.Item label={t`Pickup`}>
          {b.pickedUpAt ? `${time(b.pickedUpAt)} · ${dash(b.pickedUpBy)}` : '—'}
        </Descriptions.Item>
        {b.cancelledAt && (
          <Descriptions.Item
            label={t`Cancelled`}
          >{`${time(b.cancelledAt)} · ${dash(b.cancelledBy)}`}</Descriptions.Item>
        )}
      </Descriptions>

      <Descriptions
        size="small"
        bordered
        title={t`Air cargo`}
        column={{ xs: 1, md: 2, xl: 3 }}
        data-testid="batch-air-cargo"
      >
        <Descriptions.Item label={t`Airline bill no`}>{ltr(b.airlineBillNo)}</Descriptions.Item>
        <Descriptions.Item label={t`Air cargo no`}>{ltr(b.airCargoNo)}</Descriptions.Item>
        <Descriptions.Item label={t`Departure port`}>{dash(b.departurePort)}</Descriptions.Item>
        <Descriptions.Item label={t`Destination port`}>{dash(b.destinationPort)}</Descriptions.Item>
        <Descriptions.Item label={t`Departure time`}>{time(b.departureTime)}</Descriptions.Item>
        <Descriptions.Item label={t`Arrival time`}>{time(b.arrivalTime)}</Descriptions.Item>
        <Descriptions.Item label={t`Port carrier`}>{dash(b.portCarrier)}</Descriptions.Item>
        <Descriptions.Item label={t`First carrier`}>{dash(b.firstCarrier)}</Descriptions.Item>
        <Descriptions.Item label={t`Charged`}>
          <YesNoTag value={b.charged} />
        </Descriptions.Item>
        <Descriptions.Item label={t`Mixed`}>
          <YesNoTag value={b.mixed} />
        </Descriptions.Item>
      </Descriptions>

      <div>
        <Typography.Title level={5}>{t`Lading bills (in the order they were added)`}</Typography.Title>
        {canScan && batchActions(b).scan && (
          <ScanBox
            logKey={`batch:${b.recId}`}
            label={t`Add a lading bill`}
            placeholder={t`Scan or type a lading bill no`}
            button={t`Add`}
            scan={(code) => batchOps.scanLading(b.recId, code).then(acceptedAnswer)}
            refresh={[batchKeys.all(), ladingKeys.all()]}
            testId="batch-scan"
          />
        )}
        <LadingsTable ladings={b.ladings} onOpen={onOpenLading} />
      </div>

      <BillRemarks
        billId={b.recId}
        remarks={b.remarks}
        canEdit={canEdit}
        add={batchOps.addRemark}
        queryKey={batchKeys.all()}
      />
    </Flex>
  );
}

function LadingsTable({ ladings, onOpen }: { ladings: LadingRecord[]; onOpen: (id: number) => void }) {
  const { t } = useLingui();
  const time = useTime();
  return (
    <RowsTable<LadingRecord>
      testId="batch-ladings"
      rowKey="recId"
      rows={ladings}
      localPageSize={50}
      columns={[
        { title: '#', key: 'n', render: (_v, _r, i) => i + 1 },
        {
          title: t`Lading bill no`,
          dataIndex: 'no',
          render: (no: string, r) => (
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => onOpen(r.recId)}
              dir="ltr"
            >
              {no}
            </Button>
          ),
        },
        {
          title: t`Shipping channel`,
          dataIndex: 'channelName',
          render: (n: string, r) => named(n, r.channelCode),
        },
        { title: t`Carrier`, dataIndex: 'carrierCode', render: (c: string | null) => c ?? '—' },
        { title: t`Destination country`, dataIndex: 'countryName', render: (c: string | null) => c ?? '—' },
        { title: t`Type`, dataIndex: 'typeName' },
        { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
        { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
        {
          title: t`Weight (kg)`,
          dataIndex: 'weight',
          align: 'end',
          render: (w: string) => <span dir="ltr">{w}</span>,
        },
        { title: t`Pickup time`, dataIndex: 'pickedUpAt', render: time },
      ]}
    />
  );
}
