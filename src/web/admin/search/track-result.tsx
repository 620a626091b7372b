import { useLingui } from '@lingui/react/macro';
import { Card, Descriptions, Empty, Flex, Tag, Timeline, Typography } from 'antd';
import type { TrackingResult } from '../../../shared/contract/order.ts';
import { statusColor } from '../customer-order/labels.ts';
import { useFormat } from '../kit/use-format.ts';

/** One number's answer on /search: its parcel's facts and timeline, or "not found". */
export function TrackResult({ result }: { result: TrackingResult }) {
  const { t } = useLingui();
  const format = useFormat();
  const track = result.track;
  if (!track)
    return (
      <Card
        size="small"
        title={<bdi className="track-result__no">{result.query}</bdi>}
        data-testid="track-not-found"
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No parcel found for ${result.query}`} />
      </Card>
    );
  return (
    <Card
      size="small"
      data-testid="track-result"
      data-tracking-no={track.trackingNo}
      title={<bdi className="track-result__no">{track.trackingNo}</bdi>}
      extra={
        <Tag color={statusColor(track.status)} data-testid="track-status">
          {track.statusName}
        </Tag>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          ...(result.query.toUpperCase() !== track.trackingNo
            ? [{ key: 'query', label: t`Searched for`, children: <bdi>{result.query}</bdi> }]
            : []),
          {
            key: 'destination',
            label: t`Destination`,
            children: (
              <span data-testid="track-destination">
                {track.destinationName} ({track.destinationCode})
              </span>
            ),
          },
          {
            key: 'carrier',
            label: t`Carrier`,
            children: track.carrierName ? (
              <span>
                {track.carrierName}
                {track.carrierTrackingNo && (
                  <>
                    {' · '}
                    {track.carrierTrackingUrl ? (
                      <Typography.Link
                        href={track.carrierTrackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <bdi>{track.carrierTrackingNo}</bdi>
                      </Typography.Link>
                    ) : (
                      <bdi>{track.carrierTrackingNo}</bdi>
                    )}
                  </>
                )}
              </span>
            ) : (
              t`Not assigned yet`
            ),
          },
          { key: 'created', label: t`Order created`, children: format.dateTime(track.createdAt) },
        ]}
      />
      {track.events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No track records yet`} />
      ) : (
        <Timeline
          className="track-result__timeline"
          data-testid="track-timeline"
          items={track.events.map((e, i) => ({
            key: `${e.occurredAt}-${i}`,
            color: i === 0 ? 'blue' : 'gray',
            content: (
              <Flex vertical data-testid="track-event">
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
