import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { messages } from '../../shared/i18n/messages.ts';
import { isApiError } from '../api/errors.ts';
import { isChunkLoadError, reloadOnce } from './chunk-reload.ts';
import { StatusIllustration } from './status-illustration.tsx';

/** Spec 9: the error page goes back by itself after 5 seconds. */
export const ERROR_COUNTDOWN_SECONDS = 5;

/**
 * A full status page (404, unexpected error) in plain markup: no component library, so it renders
 * on either surface and even when a chunk failed to load.
 */
function StatusPage({
  code,
  kind,
  children,
  footer,
}: {
  code: number;
  kind: 'lost' | 'error' | 'forbidden';
  children: ReactNode;
  footer?: ReactNode;
}) {
  const router = useRouter();
  const back = () => (router.history.canGoBack() ? router.history.back() : window.location.assign('/'));
  return (
    <main className="status-page" data-testid="status-page" data-code={code}>
      <StatusIllustration kind={kind} />
      <p className="status-page__code">{code}</p>
      <p className="status-page__text">{children}</p>
      {footer}
      <div className="status-page__actions">
        <a className="status-page__button status-page__button--primary" href="/">
          <Trans>Back to home</Trans>
        </a>
        <button type="button" className="status-page__button" onClick={back}>
          <Trans>Back to previous page</Trans>
        </button>
      </div>
    </main>
  );
}

/** An address that matches no page (spec 9). */
export function NotFoundPage() {
  return (
    <StatusPage code={404} kind="lost">
      <Trans>This page could not be found</Trans>
    </StatusPage>
  );
}

/** The second 404 page (spec 9): an unknown page inside the admin surface, or a record id that fails validation. */
export function LostPage() {
  return (
    <StatusPage code={404} kind="lost">
      <Trans>Oh~~Lost web pages~</Trans>
    </StatusPage>
  );
}

/**
 * A page the account may not open (403): its menus hold no entry for it. Stays until the user
 * leaves (no countdown): going back by itself would hide why the address did not open.
 */
export function ForbiddenPage() {
  return (
    <StatusPage
      code={403}
      kind="forbidden"
      footer={
        <p className="status-page__hint">
          <Trans>Ask an administrator to give your account access if you need it.</Trans>
        </p>
      }
    >
      <Trans>You do not have permission to open this page</Trans>
    </StatusPage>
  );
}

function Countdown({ seconds, onDone }: { seconds: number; onDone: () => void }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);
  return (
    <p className="status-page__countdown" data-testid="error-countdown">
      <Trans>Going back to the previous page in {left} s</Trans>
    </p>
  );
}

function GenericError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  const router = useRouter();
  const api = isApiError(error) && error.kind === 'response' ? error : undefined;
  const code = api?.status ?? 500;
  const text = api?.msg || i18n._(messages.unknownError);
  const [back] = useState(() => () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/', replace: true });
  });
  return (
    <StatusPage
      code={code}
      kind="error"
      footer={<Countdown seconds={ERROR_COUNTDOWN_SECONDS} onDone={back} />}
    >
      {text}
    </StatusPage>
  );
}

/** Spec 9: if the error page itself fails, a plain link home still shows. */
class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="status-page">
        <a href="/">
          <Trans>Something went wrong. Back to home</Trans>
        </a>
      </main>
    );
  }
}

/** The router's error component: code, description, picture, home and back, a countdown back. */
export function ErrorPage({ error }: ErrorComponentProps) {
  // A new version replaced the chunks this page needs: load the new version (once).
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnce());
  if (reloading) return null;
  return (
    <FallbackBoundary>
      <GenericError error={error} />
    </FallbackBoundary>
  );
}
