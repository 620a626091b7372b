import { useLingui } from '@lingui/react';
import { useMatch } from '@tanstack/react-router';
import { Typography } from 'antd';
import { routeTitle } from '../route-titles.ts';

/** A page whose screen comes with a later issue: its translated title and nothing else. */
export function PlaceholderPage() {
  const { i18n } = useLingui();
  const match = useMatch({ strict: false });
  const title = routeTitle(match.fullPath);
  return (
    <Typography.Title level={3} data-testid="page-title" className="page-title">
      {title ? i18n._(title) : null}
    </Typography.Title>
  );
}
