import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { messages } from '../../../shared/i18n/messages.ts';
import { isApiError } from '../../api/errors.ts';
import { isChunkLoadError, reloadOnce } from '../../ui/chunk-reload.ts';

/**
 * The desk's error view of a page whose loader or suspense query failed: inside the layout (the
 * menu stays), the server's message, and "Try again", which clears the failed queries and runs
 * the route's loader again (TanStack Router's errorComponent with Query's reset boundary).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  // A new version replaced the chunks this page needs: load the new version (once).
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnce());
  // The failed suspense queries may fetch again when the page renders anew.
  useEffect(() => queryReset.reset(), [queryReset]);
  if (reloading) return null;
  const api = isApiError(error) && error.kind === 'response' ? error : undefined;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div data-testid="route-error">
      <Result
        status="error"
        title={api?.status ?? 500}
        subTitle={api?.msg || i18n._(messages.unknownError)}
        extra={
          <Button type="primary" data-testid="route-error-retry" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        }
      />
    </div>
  );
}
