import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isLocale } from '../../shared/domain/enums.ts';
import { activateLocale, currentLocale, i18n, withoutLangParam } from '../i18n.ts';
import { enforceAccess } from '../session/access.ts';
import { NotFoundPage } from '../ui/status-page.tsx';
import { RouteProgress } from '../ui/top-progress.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec 2: the i18n and auth middleware of every route.
  beforeLoad: async ({ location, matches, preload }) => {
    const lang = (location.search as Record<string, unknown>).lang;
    if (lang !== undefined && !preload) {
      // Only a supported locale is taken; the parameter leaves the address once applied.
      if (isLocale(lang) && lang !== currentLocale()) await activateLocale(lang);
      throw redirect({ href: withoutLangParam(location.href), replace: true });
    }
    enforceAccess(matches, location);
  },
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <DocumentTitle />
        <RouteProgress />
        <Outlet />
      </I18nProvider>
    </QueryClientProvider>
  );
}

function DocumentTitle() {
  const { t } = useLingui();
  const title = t`Parcel Back Office`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
