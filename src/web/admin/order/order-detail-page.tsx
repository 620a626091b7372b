import { ArrowLeftOutlined, ArrowRightOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Button, Card, Flex, Result, Space, Typography } from 'antd';
import { useEffect } from 'react';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { refusalOf } from '../../../shared/domain/order-rules.ts';
import { useCan } from '../../session/permissions.ts';
import { AbnormalTags, InterceptTag, StatusTag } from '../shared/order-columns.tsx';
import { HistorySection, RemarksSection, TrackingSection } from './order-detail-history.tsx';
import { HoldersSection } from './order-detail-holders.tsx';
import { GoodsSection, PartiesSection, WeightSection } from './order-detail-info.tsx';
import { printHref } from './order-toolbar.tsx';
import { ZplPrintButtons } from './print-zpl.tsx';
import { ORDER_LIST_PATH, orderDetail } from './search.ts';
import { useOrderOps } from './use-order-ops.tsx';

const routeApi = getRouteApi('/_desk/admin/order/list/$id');

/** /admin/order/list/{id}: one order in its own tab, named by its tracking no, with its operations. */
export function OrderDetailPage() {
  const { t, i18n } = useLingui();
  const detail = orderDetail(routeApi.useParams(), i18n);
  const go = useNavigate();
  if (!detail)
    return (
      <Result
        status="404"
        title={t`The order does not exist`}
        extra={<Button onClick={() => void go({ to: ORDER_LIST_PATH })}>{t`Back to the order list`}</Button>}
      />
    );
  return <OrderDetailView detail={detail} />;
}

/** The order, read with the options its route's loader loaded (a failure is the route's error view). */
function OrderDetailView({ detail }: { detail: NonNullable<ReturnType<typeof orderDetail>> }) {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const go = useNavigate();
  const { data: order } = useSuspenseQuery(detail);

  // Opened by a bare link: the tab takes the tracking no as its name once it is known.
  useEffect(() => {
    if (order && !search.name) void navigate({ search: { name: order.trackingNo }, replace: true });
  }, [order, search.name, navigate]);

  return (
    <Flex vertical gap={16} data-testid="order-detail-page">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap size="middle">
            <Button
              icon={i18n.locale === 'ar' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
              aria-label={t`Back to the order list`}
              onClick={() => void go({ to: ORDER_LIST_PATH })}
            />
            <Typography.Title level={4} style={{ margin: 0 }} dir="ltr" data-testid="order-detail-no">
              {order.trackingNo}
            </Typography.Title>
            <StatusTag status={order.status} name={order.statusName} />
            <InterceptTag state={order.interceptState} name={order.interceptStateName} />
            <AbnormalTags kinds={order.abnormalKinds} />
          </Space>
          <DetailOperations order={order} />
        </Flex>
      </Card>
      <PartiesSection order={order} />
      <WeightSection order={order} />
      <GoodsSection order={order} />
      <HoldersSection order={order} />
      <Flex gap={16} wrap align="flex-start">
        <div style={{ flex: '1 1 420px' }}>
          <TrackingSection order={order} />
        </div>
        <div style={{ flex: '1 1 420px' }}>
          <RemarksSection order={order} />
        </div>
      </Flex>
      <HistorySection order={order} />
    </Flex>
  );
}

/** The operations the order's state allows (the shared rules), each with its permission. */
function DetailOperations({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const canCancel = useCan('order:cancel');
  const canIntercept = useCan('order:intercept');
  const canCheck = useCan('order:check');
  const canPrint = useCan('order:print');
  const ops = useOrderOps();
  const allowed = (op: Parameters<typeof refusalOf>[0]) => refusalOf(op, order) === null;
  const one = [order];
  return (
    <Space wrap>
      {canPrint && (
        <Button icon={<PrinterOutlined />} href={printHref(one)} target="_blank">
          {t`Print label`}
        </Button>
      )}
      {canPrint && <ZplPrintButtons orders={one} />}
      {canCheck && (
        <Button disabled={!allowed('checkWv')} onClick={() => ops.checkWeight(order)}>
          {t`Check weight`}
        </Button>
      )}
      {canIntercept && allowed('cancelIntercept') && (
        <>
          <Button onClick={() => ops.setResult(one)}>{t`Set interception result`}</Button>
          <Button onClick={() => ops.cancelIntercept(one)}>{t`Withdraw interception`}</Button>
        </>
      )}
      {canIntercept && !allowed('cancelIntercept') && (
        <Button danger disabled={!allowed('intercept')} onClick={() => ops.intercept(one)}>
          {t`Intercept`}
        </Button>
      )}
      {canCancel && (
        <Button danger disabled={!allowed('cancel')} onClick={() => ops.cancel(one)}>
          {t`Cancel order`}
        </Button>
      )}
      {ops.modals}
    </Space>
  );
}
