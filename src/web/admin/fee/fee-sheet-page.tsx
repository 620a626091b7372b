import { ArrowLeftOutlined, ArrowRightOutlined, ReloadOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Result, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { useCan } from '../../session/permissions.ts';
import { named } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { OrderLink, StatusTag } from '../shared/order-columns.tsx';
import { BasisSection, ExceptionsSection, LinesSection } from './fee-sheet-parts.tsx';
import { useRecalc } from './recalc-outcome.tsx';
import { FEE_DETAIL_PATH, feeSheet } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/priceManage/feeDetail/$id');

/**
 * priceManage/feeDetail/{id}: the fee sheet of one order (the id is the order's: its fee lines are
 * replaced whenever the fees are computed again, so a line's id would not stay valid). It shows
 * every line with how it was computed, the basis and the rule then and now, the totals, and the
 * order's fee exceptions; a pending one can be recalculated here.
 */
export function FeeSheetPage() {
  const { i18n } = useLingui();
  const sheet = feeSheet(routeApi.useParams(), i18n);
  return sheet ? <FeeSheetView options={sheet} /> : <NoFees />;
}

/** An id that is no order's, or an order without fees (not received yet). */
function NoFees() {
  const { t } = useLingui();
  const go = useNavigate();
  return (
    <Result
      status="404"
      title={t`This order has no fees: it does not exist or is not received yet`}
      extra={<Button onClick={() => void go({ to: FEE_DETAIL_PATH })}>{t`Back to the fee details`}</Button>}
    />
  );
}

/** The fee sheet, read with the options its route's loader loaded (a failure: the route's error view). */
function FeeSheetView({ options }: { options: NonNullable<ReturnType<typeof feeSheet>> }) {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const go = useNavigate();
  const time = useTime();
  const canRecalc = useCan('feeException:recalc');
  const recalc = useRecalc();
  const { data: sheet } = useSuspenseQuery(options);

  // Opened by a bare link: the tab takes the tracking no as its name once it is known.
  useEffect(() => {
    if (sheet && !search.name) void navigate({ search: { name: sheet.trackingNo }, replace: true });
  }, [sheet, search.name, navigate]);

  const back = () => void go({ to: FEE_DETAIL_PATH });
  if (sheet === null) return <NoFees />;
  const pending = sheet.exceptions.find((x) => x.state === FeeExceptionState.pending);
  const since = pending && time(pending.createdAt);
  const retried = pending?.retriedAt && time(pending.retriedAt);

  return (
    <Flex vertical gap={16} data-testid="fee-sheet-page">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap size="middle">
            <Button
              icon={i18n.locale === 'ar' ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
              aria-label={t`Back to the fee details`}
              onClick={back}
            />
            <Typography.Title level={4} style={{ margin: 0 }} dir="ltr" data-testid="fee-sheet-no">
              {sheet.trackingNo}
            </Typography.Title>
            <StatusTag status={sheet.orderStatus} name={sheet.orderStatusName} />
            <Typography.Text>{named(sheet.customerName, sheet.customerCode)}</Typography.Text>
            <Typography.Text type="secondary">{`${sheet.channelName} → ${sheet.countryName}`}</Typography.Text>
          </Space>
          <Space>
            <Typography.Text type="secondary">{t`Order details`}</Typography.Text>
            <OrderLink id={sheet.orderId} trackingNo={sheet.trackingNo} />
          </Space>
        </Flex>
      </Card>
      {pending && (
        <Alert
          type="error"
          showIcon
          data-testid="fee-sheet-exception"
          title={t`The fees could not be computed`}
          description={
            <>
              {pending.reasonText}
              {' · '}
              {t`since ${since}`}
              {retried ? ` · ${t`last retried ${retried}`}` : ''}
            </>
          }
          action={
            canRecalc && (
              <Button
                icon={<ReloadOutlined />}
                loading={recalc.running}
                onClick={() => void recalc.run([pending.recId])}
              >
                {t`Recalculate`}
              </Button>
            )
          }
        />
      )}
      <Flex gap={16} wrap align="flex-start">
        <BasisSection sheet={sheet} />
        <LinesSection sheet={sheet} />
      </Flex>
      <ExceptionsSection sheet={sheet} />
      {recalc.modal}
    </Flex>
  );
}
