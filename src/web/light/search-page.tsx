import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import type { TrackingResult } from '../../shared/contract/order-records.ts';
import { splitBulk } from '../../shared/domain/bulk-split.ts';
import { MAX_TRACKING_QUERY } from '../../shared/domain/tracking-no.ts';
import { callApi } from '../api/client.ts';
import { wire } from '../api/wire-endpoints.ts';
import { LightHeader } from './light-header.tsx';
import { TrackResult } from './track-result.tsx';

interface Props {
  /** The numbers asked, as kept in the address (`no`). */
  no?: string;
  redirect?: string;
  /** Puts the numbers in the address; the page then asks for them. */
  onSearch: (no: string) => void;
}

type Answer = { state: 'idle' | 'loading' | 'failed' } | { state: 'done'; results: TrackingResult[] };

/**
 * /search (public, no login), the page consignees open on their phones: several numbers at once —
 * our tracking no, the customer's order no or the carrier's number — each answered with its status,
 * destination, carrier and timeline, or a clear "not found". Plain React and CSS, no component
 * library. The numbers stay in the address, so a link shows them.
 */
export function SearchPage({ no, redirect, onSearch }: Props) {
  const { t, i18n } = useLingui();
  const asked = no ? splitBulk(no) : [];
  const numbers = asked.join(',');
  const [text, setText] = useState(asked.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  useEffect(() => setText(numbers.split(',').join('\n')), [numbers]);

  const locale = i18n.locale;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is in the page's language, asked again when it changes
  useEffect(() => {
    if (!numbers) return setAnswer({ state: 'idle' });
    const abort = new AbortController();
    setAnswer((a) => (a.state === 'done' ? a : { state: 'loading' }));
    callApi(wire.common.trackingQuery, { params: { no: numbers }, signal: abort.signal, silent: true }).then(
      (results) => setAnswer({ state: 'done', results }),
      () => {
        if (!abort.signal.aborted) setAnswer({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [numbers, locale]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const items = splitBulk(text);
    if (items.length === 0) return setError(t`Enter a tracking number`);
    if (items.length > MAX_TRACKING_QUERY) return setError(t`Enter at most ${MAX_TRACKING_QUERY} numbers`);
    setError(null);
    onSearch(items.join(','));
  };

  return (
    <div className="light-page">
      <LightHeader redirect={redirect} />
      <main className="light-search" data-testid="track-search">
        <h1>{t`Track your parcels`}</h1>
        <form className="light-card" onSubmit={submit} noValidate>
          <label className="light-field">
            <span>{t`Numbers to track`}</span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
              }}
              rows={3}
              spellCheck={false}
              dir="ltr"
              data-testid="track-input"
              aria-invalid={error ? true : undefined}
              aria-describedby="track-help"
            />
            <span id="track-help" className={error ? 'light-field__error' : 'light-field__help'}>
              {error ??
                t`Our tracking no, your order no or the carrier's number: up to ${MAX_TRACKING_QUERY}, one a line or separated by commas.`}
            </span>
          </label>
          <button type="submit" className="light-button light-button--primary" data-testid="track-submit">
            {t`Track`}
          </button>
        </form>
        {answer.state === 'loading' && <div className="light-spinner" role="progressbar" aria-busy="true" />}
        {answer.state === 'failed' && (
          <p className="light-alert" role="alert">
            {t`The tracking query failed, please try again later`}
          </p>
        )}
        {answer.state === 'done' && (
          <div className="light-search__results" data-testid="track-results">
            {answer.results.map((r, i) => (
              <TrackResult key={`${r.query}-${r.track?.trackingNo ?? i}`} result={r} />
            ))}
          </div>
        )}
      </main>
    </div>
  );
}
