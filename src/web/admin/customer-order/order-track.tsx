import { useLingui } from '@lingui/react/macro';
import { Card, Empty, Flex, Timeline, Typography } from 'antd';
import type { EventRecord } from '../../../shared/contract/order.ts';
import { useFormat } from '../kit/use-format.ts';

/** Track records, newest first: what happened, where and when (customers get the public ones only). */
export function OrderTrack({ events }: { events: readonly EventRecord[] }) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <Card title={t`Track records`} size="small" style={{ blockSize: '100%' }}>
      {events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No track records yet`} />
      ) : (
        <Timeline
          data-testid="detail-track"
          items={events.map((e, i) => ({
            key: e.recId,
            color: i === 0 ? 'blue' : 'gray',
            content: (
              <Flex vertical>
                <Typography.Text strong>{e.name}</Typography.Text>
                {e.description && <span>{e.description}</span>}
                <Typography.Text type="secondary">
                  {format.dateTime(e.occurredAt)}
                  {e.location ? ` · ${e.location}` : ''}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      )}
    </Card>
  );
}
