import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { MAX_TRACKING_QUERY } from '../../../shared/contract/common.ts';
import { splitBulk } from '../../../shared/domain/bulk-split.ts';
import { printQueries } from '../../api/queries/print.ts';
import { TrackResult } from './track-result.tsx';
import './search.css';

const routeApi = getRouteApi('/_desk/_default/search');

/**
 * /search (public, no login): several numbers at once — our tracking no, the customer's order no
 * or the carrier's number — each answered with its status, destination, carrier and the timeline
 * of its events, or a clear "not found". The numbers stay in the address, so a link shows them.
 */
export function SearchPage() {
  const { t, i18n } = useLingui();
  const { no } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const asked = no ? splitBulk(no) : [];
  const [text, setText] = useState(asked.join('\n'));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(no ? splitBulk(no).join('\n') : ''), [no]);

  const numbers = asked.join(',');
  const results = useQuery({ ...printQueries.track(i18n.locale, numbers), enabled: numbers !== '' });

  const submit = () => {
    const items = splitBulk(text);
    if (items.length === 0) return setError(t`Enter a tracking number`);
    if (items.length > MAX_TRACKING_QUERY) return setError(t`Enter at most ${MAX_TRACKING_QUERY} numbers`);
    setError(null);
    void navigate({ search: { no: items.join(',') } });
  };

  return (
    <div className="track-search" data-testid="track-search">
      <Typography.Title level={2} className="track-search__title">
        {t`Track your parcels`}
      </Typography.Title>
      <Card>
        <Form layout="vertical" onFinish={submit}>
          <Form.Item
            label={t`Numbers to track`}
            extra={t`Our tracking no, your order no or the carrier's number: up to ${MAX_TRACKING_QUERY}, one a line or separated by commas.`}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
              }}
              autoSize={{ minRows: 3, maxRows: 10 }}
              spellCheck={false}
              dir="ltr"
              data-testid="track-input"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="track-submit">
            {t`Track`}
          </Button>
        </Form>
      </Card>
      {results.isFetching && !results.data && (
        <Flex justify="center" className="track-search__loading">
          <Spin />
        </Flex>
      )}
      {results.isError && !results.isFetching && (
        <Alert type="error" showIcon title={t`The tracking query failed, please try again later`} />
      )}
      {results.data && (
        <Flex vertical gap={16} data-testid="track-results">
          {results.data.map((r, i) => (
            <TrackResult key={`${r.query}-${r.track?.trackingNo ?? i}`} result={r} />
          ))}
        </Flex>
      )}
    </div>
  );
}
