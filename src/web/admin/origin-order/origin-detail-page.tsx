import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Button, Card, Flex, Result, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { UploadState } from '../../../shared/domain/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { TrackingLink } from '../shared/order-columns.tsx';
import { UploadTag, usePlatformName } from './origin-columns.tsx';
import {
  ExtraSection,
  GoodsSection,
  ParcelSection,
  PartySection,
  PushSection,
} from './origin-detail-sections.tsx';
import { LIST_PATH, MANAGE_PATH, originDetail } from './search.ts';
import { UploadAction } from './upload-action.tsx';

/**
 * foreignOrder/list/{id} and listManage/{id} (`manage`): one origin order in its own tab, named by
 * its platform order no; the management view confirms its addresses and uploads it.
 */
export function OriginDetailPage({ manage }: { manage: boolean }) {
  const { t, i18n } = useLingui();
  const from = manage ? '/_desk/admin/foreignOrder/listManage/$id' : '/_desk/admin/foreignOrder/list/$id';
  const detail = originDetail(useParams({ from }), i18n);
  const navigate = useNavigate();
  if (!detail)
    return (
      <Result
        status="404"
        title={t`The foreign order does not exist`}
        extra={
          <Button
            onClick={() => void navigate({ to: manage ? MANAGE_PATH : LIST_PATH })}
          >{t`Back to the list`}</Button>
        }
      />
    );
  return <OriginDetailView manage={manage} detail={detail} />;
}

/** The origin order, read with the options its route's loader loaded (a failure: the route's error view). */
function OriginDetailView({
  manage,
  detail,
}: {
  manage: boolean;
  detail: NonNullable<ReturnType<typeof originDetail>>;
}) {
  const { t } = useLingui();
  const from = manage ? '/_desk/admin/foreignOrder/listManage/$id' : '/_desk/admin/foreignOrder/list/$id';
  const search = useSearch({ from });
  const navigate = useNavigate();
  const canEdit = useCan('foreignOrder:edit');
  const platformName = usePlatformName();
  const { data: order } = useSuspenseQuery(detail);
  const back = manage ? MANAGE_PATH : LIST_PATH;

  // Opened by a bare link: the tab takes the platform order no as its name once it is known.
  useEffect(() => {
    if (order && search.name !== order.platformOrderNo)
      void navigate({ to: '.', search: { name: order.platformOrderNo }, replace: true });
  }, [order, search.name, navigate]);

  return (
    <Flex vertical gap={16} data-testid="origin-detail-page">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap size="middle">
            <Button
              icon={<ArrowLeftOutlined />}
              aria-label={t`Back to the list`}
              onClick={() => void navigate({ to: back })}
            />
            <Typography.Title level={4} style={{ margin: 0 }} dir="ltr" data-testid="origin-detail-no">
              {order.platformOrderNo}
            </Typography.Title>
            <Typography.Text type="secondary">{platformName(order.platform)}</Typography.Text>
            <UploadTag state={order.uploadState} />
            {order.orderId !== null && order.trackingNo && (
              <TrackingLink id={order.orderId} trackingNo={order.trackingNo} />
            )}
          </Space>
          {manage && canEdit && (
            <UploadAction ids={[order.recId]} disabled={order.uploadState === UploadState.uploaded} />
          )}
        </Flex>
      </Card>
      <Flex gap={16} wrap align="stretch">
        <div style={{ flex: '1 1 480px' }}>
          <PartySection side="receiver" order={order} manage={manage && canEdit} />
        </div>
        <div style={{ flex: '1 1 480px' }}>
          <PartySection side="sender" order={order} manage={manage && canEdit} />
        </div>
      </Flex>
      <ParcelSection order={order} />
      <GoodsSection order={order} />
      <ExtraSection order={order} />
      <PushSection order={order} />
    </Flex>
  );
}
