import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Result, Typography } from 'antd';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import { PrintLabelButton, useMayPrintLabels } from '../order/print-labels.tsx';
import { useIsStaff } from './customer-picker.tsx';

/**
 * An order just entered: its tracking no, the goods lines that hit a sensitive word (the order is
 * created and marked for review, not refused), and the ways on: open it, print its label, or enter
 * another.
 */
export function OrderCreated({ order, onAnother }: { order: OrderDetail; onAnother: () => void }) {
  const { t } = useLingui();
  const mayPrint = useMayPrintLabels();
  const staff = useIsStaff();
  const flagged = order.goods.filter((g) => g.sensitiveHit);
  const trackingNo = order.trackingNo;
  return (
    <Result
      status="success"
      data-testid="order-created"
      title={t`Order created`}
      subTitle={
        <>
          {t`Tracking no`}:{' '}
          <Typography.Text strong copyable data-testid="created-tracking-no">
            {trackingNo}
          </Typography.Text>
        </>
      }
      extra={[
        staff ? (
          <Link
            key="open"
            to="/admin/order/list/$id"
            params={{ id: String(order.recId) }}
            search={{ name: trackingNo }}
          >
            <Button type="primary">{t`Open the order`}</Button>
          </Link>
        ) : (
          <Link
            key="open"
            to="/admin/user/order/list/$id"
            params={{ id: String(order.recId) }}
            search={{ name: trackingNo }}
          >
            <Button type="primary">{t`Open the order`}</Button>
          </Link>
        ),
        mayPrint && <PrintLabelButton key="print" order={order} />,
        <Button key="another" onClick={onAnother}>
          {t`Enter another order`}
        </Button>,
      ]}
    >
      {flagged.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="sensitive-goods"
          title={t`Some goods names contain sensitive words: the order was created and will be reviewed`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {flagged.map((g) => (
                <li key={g.recId}>
                  {t`Line ${g.lineNo}`} · {g.nameEn}
                  {g.nameCn ? ` / ${g.nameCn}` : ''}:{' '}
                  <Typography.Text mark>{g.sensitiveWords.join(', ')}</Typography.Text>
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Result>
  );
}
