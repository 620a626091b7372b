import { PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { ladingFiles, ladingKeys, ladingOps, ladingQueries } from '../../api/queries/lading.ts';
import { printerMutations } from '../../api/queries/printer.ts';
import { useShowDetailCrumb } from '../../session/breadcrumb.ts';
import { useCan } from '../../session/permissions.ts';
import { typed } from '../../ui/bidi.tsx';
import { acceptedAnswer, ScanBox } from '../kit/scan-box.tsx';
import { named, reasonOf } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { ManifestButtons } from '../shared/manifest-buttons.tsx';
import { PrintToPrinterButton } from '../shared/print-to-printer.tsx';
import { MailTag, PickupTag } from './lading-columns.tsx';
import { LadingItemsTable } from './lading-items-table.tsx';
import { ladingActions, printLadingHref, printLadingLabelHref, takesScans } from './search.ts';
import { useLadingOps } from './use-lading-ops.tsx';

const MAIL_POLL_MS = 2000;

/** Picked up and its mail not yet answered (sending, or about to start after the commit). */
export const mailPending = (b: { pickupStatus: number; mailState: number; pickedUpAt: string | null }) =>
  b.pickupStatus === 2 &&
  (b.mailState === 3 ||
    (b.mailState === 0 && b.pickedUpAt !== null && Date.now() - Date.parse(b.pickedUpAt) < 60_000));

/**
 * One lading bill: its fields, its mail push (with a retry), its parcels (orders or packages) in
 * scan order (scanned into here while it is open), its remarks, its prints (the A4 sheet, the
 * label, and once picked up the carrier's handover manifest) and the operations its state allows.
 */
export function LadingDetail({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const detail = useQuery({
    ...ladingQueries.detail(i18n.locale, id ?? 0),
    enabled: id !== undefined,
    // The mail goes out after the pickup commits: follow it until it has a result.
    refetchInterval: (q) => (q.state.data && mailPending(q.state.data) ? MAIL_POLL_MS : false),
  });
  const ops = useLadingOps();
  const printLabel = useMutation(printerMutations.printLadingLabels());
  const canConfirm = useCan('lading:confirm');
  const canPickup = useCan('lading:pickup');
  const canCancel = useCan('lading:cancel');
  const canEdit = useCan('lading:edit');
  const canPrint = useCan('lading:print');
  const canScan = useCan('lading:scan');
  const b = detail.data;
  const can = b ? ladingActions(b) : null;
  const packages = b?.orderType === 2;
  const no = b?.no ?? '';
  useShowDetailCrumb(id !== undefined ? b?.no : undefined, onClose);

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { inlineSize: 'min(1100px, 100vw)' } }}
      title={b ? t`Lading bill ${no}` : t`Lading bill`}
      data-testid="lading-detail"
      extra={
        b &&
        can && (
          <Space wrap>
            {canConfirm && can.confirm && <Button onClick={() => ops.confirm([b])}>{t`Confirm`}</Button>}
            {canPickup && can.pickup && (
              <Button type="primary" onClick={() => ops.pickup([b])}>{t`Confirm pickup`}</Button>
            )}
            {canCancel && can.cancel && (
              <Button danger onClick={() => ops.cancel([b])}>
                {t`Cancel pickup`}
              </Button>
            )}
            {canEdit && <Button onClick={() => ops.remark(b)}>{t`Add remark`}</Button>}
            {canPrint && (
              <>
                <Button icon={<PrinterOutlined />} href={printLadingHref([b])} target="_blank">
                  {t`Print`}
                </Button>
                <Button icon={<PrinterOutlined />} href={printLadingLabelHref([b])} target="_blank">
                  {t`Print bill labels`}
                </Button>
                <PrintToPrinterButton
                  count={1}
                  send={(printerId) =>
                    printLabel.mutateAsync({ ids: [b.recId], ...(printerId ? { printerId } : {}) })
                  }
                />
              </>
            )}
          </Space>
        )
      }
    >
      {detail.isError && <Alert type="error" showIcon title={reasonOf(detail.error)} />}
      {b && (
        <Space orientation="vertical" size="large" style={{ inlineSize: '100%' }}>
          {/* In the body, not the header: the header's buttons would crowd out the bill's title. */}
          {canPrint && b.pickupStatus === 2 && (
            <ManifestButtons download={(format) => ladingFiles.manifest(b.recId, format)} />
          )}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t`Lading bill no`}>
              <span dir="ltr">{b.no}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Shipping channel`}>
              {named(b.channelName, b.channelCode)}
            </Descriptions.Item>
            <Descriptions.Item label={t`Carrier`}>{b.carrierName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t`Type`}>{b.typeName}</Descriptions.Item>
            <Descriptions.Item label={t`Order type`}>{b.orderTypeName}</Descriptions.Item>
            <Descriptions.Item label={t`Destination country`}>{b.countryName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t`Confirm state`}>
              {b.confirmState === 1 ? <Tag color="blue">{t`Confirmed`}</Tag> : <Tag>{t`Open`}</Tag>}
              {b.confirmedAt && <Typography.Text type="secondary">{time(b.confirmedAt)}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t`Pickup status`}>
              <span data-testid="lading-pickup-status">
                <PickupTag bill={b} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Sign status`}>{b.signStatusName}</Descriptions.Item>
            <Descriptions.Item label={t`Parcels`}>
              <span data-testid="lading-item-count">{b.itemCount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Orders`}>{b.orderCount}</Descriptions.Item>
            <Descriptions.Item label={t`Pieces`}>{b.pieceCount}</Descriptions.Item>
            <Descriptions.Item label={t`Weight (kg)`}>
              <span dir="ltr">{b.weight}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Volume weight (kg)`}>
              <span dir="ltr">{b.volumeWeight}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Batch no`}>{b.batchNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t`Generator`}>{b.createdBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t`Generation time`}>{time(b.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t`Pickup`}>
              {b.pickedUpAt ? `${time(b.pickedUpAt)} · ${b.pickedUpBy ?? ''}` : '—'}
            </Descriptions.Item>
            {b.cancelledAt && (
              <Descriptions.Item label={t`Cancelled`}>
                {`${time(b.cancelledAt)} · ${b.cancelledBy ?? ''}`}
              </Descriptions.Item>
            )}
          </Descriptions>

          <Descriptions
            size="small"
            bordered
            title={t`Mail push`}
            column={{ xs: 1, md: 2 }}
            data-testid="lading-mail"
            extra={
              canPickup &&
              can?.mailRetry && (
                <Button size="small" onClick={() => ops.mailRetry(b)}>
                  {b.mailState === 0 ? t`Push the mail` : t`Push the mail again`}
                </Button>
              )
            }
          >
            <Descriptions.Item label={t`Mail push result`}>
              <span data-testid="lading-mail-state">
                <MailTag bill={b} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Mail push time`}>{time(b.mailPushedAt)}</Descriptions.Item>
            <Descriptions.Item label={t`Sent to`}>
              <span dir="ltr">{b.mailTo || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Attempts`}>{b.mailAttempts}</Descriptions.Item>
            {/* Not `mailMessage && …`: an empty message is a child that Descriptions shows as an empty row. */}
            {b.mailMessage ? (
              <Descriptions.Item label={t`Answer`} span="filled">
                {b.mailMessage}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <div>
            <Typography.Title level={5}>
              {packages ? t`Packages (in scan order)` : t`Orders (in scan order)`}
            </Typography.Title>
            {canScan && takesScans(b) && (
              <ScanBox
                logKey={`lading:${b.recId}`}
                label={t`Scan into lading bill`}
                placeholder={packages ? t`Scan or type a package no` : t`Scan or type a tracking no`}
                button={t`Add`}
                scan={(code) => ladingOps.scan(b.recId, code).then(acceptedAnswer)}
                refresh={[ladingKeys.all()]}
                testId="lading-scan"
              />
            )}
            <LadingItemsTable items={b.items} />
          </div>

          <div data-testid="lading-remarks">
            <Typography.Title level={5}>{t`Remarks`}</Typography.Title>
            {b.remarks.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No remarks`} />
            ) : (
              <Timeline
                items={b.remarks.map((r) => ({
                  key: r.recId,
                  content: (
                    <>
                      <Typography.Text>{typed(r.content)}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {time(r.createdAt)} · {r.createdBy ?? ''}
                      </Typography.Text>
                    </>
                  ),
                }))}
              />
            )}
          </div>
        </Space>
      )}
      {ops.modals}
    </Drawer>
  );
}
