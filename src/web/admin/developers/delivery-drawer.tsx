import { RedoOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Descriptions, Drawer, Tag, Typography } from 'antd';
import type { WebhookDelivery } from '../../../shared/contract/webhook.ts';
import { useFormat } from '../kit/use-format.ts';
import { DELIVERY_STATE_COLORS, DELIVERY_STATE_LABELS } from './labels.ts';

/** The payload as posted, indented; as sent when it is not JSON. */
const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const codeBlock = { margin: 0, maxBlockSize: 360, overflow: 'auto', whiteSpace: 'pre-wrap' } as const;

/** One delivery: its event, where it went, each time, the payload as posted and the last answer. */
export function DeliveryDrawer({
  delivery,
  onClose,
  onRedeliver,
  redelivering,
}: {
  delivery: WebhookDelivery | null;
  onClose: () => void;
  onRedeliver?: ((d: WebhookDelivery) => void) | undefined;
  redelivering: boolean;
}) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const d = delivery;
  return (
    <Drawer
      open={d !== null}
      onClose={onClose}
      size={640}
      title={d ? <span dir="ltr">{d.type}</span> : null}
      extra={
        d &&
        onRedeliver && (
          <Button
            icon={<RedoOutlined />}
            loading={redelivering}
            onClick={() => onRedeliver(d)}
            data-testid="redeliver"
          >
            {t`Redeliver`}
          </Button>
        )
      }
      data-testid="delivery-drawer"
    >
      {d && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t`Status`}>
              <Tag color={DELIVERY_STATE_COLORS[d.state]}>{i18n._(DELIVERY_STATE_LABELS[d.state])}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t`Endpoint`}>
              <span dir="ltr">{d.url}</span>
            </Descriptions.Item>
            <Descriptions.Item label="webhook-id">
              <Typography.Text code copyable dir="ltr">
                {d.webhookId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t`Attempts`}>{f.count(d.attempts)}</Descriptions.Item>
            <Descriptions.Item label={t`Answer code`}>
              <span data-testid="delivery-status-code">{d.lastStatus ?? '—'}</span>
            </Descriptions.Item>
            {d.lastError ? <Descriptions.Item label={t`Error`}>{d.lastError}</Descriptions.Item> : null}
            <Descriptions.Item label={t`Created`}>{f.dateTimeSeconds(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t`Last attempt`}>
              {f.dateTimeSeconds(d.lastAttemptAt)}
            </Descriptions.Item>
            {d.nextAttemptAt && d.state === 'pending' && (
              <Descriptions.Item label={t`Next attempt`}>
                {f.dateTimeSeconds(d.nextAttemptAt)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t`Delivered`}>{f.dateTimeSeconds(d.deliveredAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginBlockStart: 16 }}>
            {t`Payload`}
          </Typography.Title>
          <Typography.Paragraph copyable={{ text: d.payload }}>
            <pre dir="ltr" style={codeBlock} data-testid="delivery-payload">
              {pretty(d.payload)}
            </pre>
          </Typography.Paragraph>
          <Typography.Title level={5}>{t`Answer (first 1 KB)`}</Typography.Title>
          {d.lastBody ? (
            <pre dir="ltr" style={codeBlock} data-testid="delivery-answer">
              {d.lastBody}
            </pre>
          ) : (
            <Typography.Text type="secondary">{t`No answer body`}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
