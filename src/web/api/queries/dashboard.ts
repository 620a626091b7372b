import { queryOptions } from '@tanstack/react-query';
import { dashboard } from '../../../shared/contract/dashboard.ts';
import { callApi } from '../client.ts';

/** The home dashboard: carrier names follow the UI language, so the key carries the locale. */
export const dashboardKeys = {
  all: () => ['dashboard'] as const,
};

export const dashboardQueries = {
  summary: (locale: string) =>
    queryOptions({
      queryKey: [...dashboardKeys.all(), 'summary', locale] as const,
      queryFn: ({ signal }) => callApi(dashboard.summary, { body: {}, signal }),
      // Figures of the day: fresh when the home page is opened again, and every minute while open.
      staleTime: 0,
      refetchInterval: 60_000,
    }),
};
