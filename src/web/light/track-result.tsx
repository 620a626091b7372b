import { useLingui } from '@lingui/react/macro';
import type { TrackingResult } from '../../shared/contract/order-records.ts';
import { OrderStatus } from '../../shared/domain/order-status.ts';

/** The colour of a status: new, under way, delivered, gone wrong, or cancelled. */
function tone(status: number): string {
  switch (status) {
    case OrderStatus.created:
      return 'new';
    case OrderStatus.signed:
      return 'done';
    case OrderStatus.returned:
    case OrderStatus.lost:
      return 'bad';
    case OrderStatus.cancelled:
      return 'off';
    default:
      return 'moving';
  }
}

const WHEN: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** One number's answer on /search: its parcel's facts and timeline, or "not found". */
export function TrackResult({ result }: { result: TrackingResult }) {
  const { t, i18n } = useLingui();
  const track = result.track;
  if (!track)
    return (
      <article className="light-card light-track" data-testid="track-not-found">
        <h2 className="light-track__no" data-testid="track-title">
          <bdi>{result.query}</bdi>
        </h2>
        <p className="light-empty">{t`No parcel found for ${result.query}`}</p>
      </article>
    );
  return (
    <article
      className="light-card light-track"
      data-testid="track-result"
      data-tracking-no={track.trackingNo}
    >
      <div className="light-track__head">
        <h2 className="light-track__no" data-testid="track-title">
          <bdi>{track.trackingNo}</bdi>
        </h2>
        <span className={`light-tag light-tag--${tone(track.status)}`} data-testid="track-status">
          {track.statusName}
        </span>
      </div>
      <dl className="light-facts">
        {result.query.toUpperCase() !== track.trackingNo && (
          <div>
            <dt>{t`Searched for`}</dt>
            <dd>
              <bdi>{result.query}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>{t`Destination`}</dt>
          <dd data-testid="track-destination">
            {track.destinationName} ({track.destinationCode})
          </dd>
        </div>
        <div>
          <dt>{t`Carrier`}</dt>
          <dd>
            {track.carrierName ? (
              <>
                {track.carrierName}
                {track.carrierTrackingNo && (
                  <>
                    {' · '}
                    {track.carrierTrackingUrl ? (
                      <a href={track.carrierTrackingUrl} target="_blank" rel="noopener noreferrer">
                        <bdi>{track.carrierTrackingNo}</bdi>
                      </a>
                    ) : (
                      <bdi>{track.carrierTrackingNo}</bdi>
                    )}
                  </>
                )}
              </>
            ) : (
              t`Not assigned yet`
            )}
          </dd>
        </div>
        <div>
          <dt>{t`Order created`}</dt>
          <dd>{i18n.date(track.createdAt, WHEN)}</dd>
        </div>
      </dl>
      {track.events.length === 0 ? (
        <p className="light-empty">{t`No track records yet`}</p>
      ) : (
        <ol className="light-timeline" data-testid="track-timeline">
          {track.events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two events may share a time; the list never reorders
            <li key={`${e.occurredAt}-${i}`} data-testid="track-event" data-latest={i === 0 || undefined}>
              <span className="light-timeline__dot" data-testid="track-dot" aria-hidden="true" />
              <div>
                <strong>{e.name}</strong>
                {e.description && <div>{e.description}</div>}
                <div className="light-muted">
                  {i18n.date(e.occurredAt, WHEN)}
                  {e.location ? ` · ${e.location}` : ''}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
