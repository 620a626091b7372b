import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { i18n } from '../i18n.ts';
import { NotFoundPage } from '../ui/status-page.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <DocumentTitle />
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
