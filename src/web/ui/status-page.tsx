import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { messages } from '../../shared/i18n/messages.ts';

/**
 * A plain full-page status (404, unexpected error): no component library, so it renders on either
 * surface and even when a chunk failed to load.
 */
function StatusPage({ code, children }: { code: string; children: ReactNode }) {
  return (
    <main className="status-page">
      <p className="status-page__code">{code}</p>
      <p>{children}</p>
      <a href="/">
        <Trans>Back to home</Trans>
      </a>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage code="404">
      <Trans>This page could not be found</Trans>
    </StatusPage>
  );
}

export function ErrorPage() {
  const { i18n } = useLingui();
  return <StatusPage code="500">{i18n._(messages.unknownError)}</StatusPage>;
}
