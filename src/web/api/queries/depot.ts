import { queryOptions } from '@tanstack/react-query';
import { depot } from '../../../shared/contract/depot.ts';
import { callApi } from '../client.ts';

/** Depots (the options' depot tab, and the depot pickers of order scan and printers). Names follow the UI language. */
export const depotKeys = { all: () => ['depot'] as const };

export const depotQueries = {
  list: (locale: string) =>
    queryOptions({
      queryKey: [...depotKeys.all(), locale] as const,
      queryFn: ({ signal }) => callApi(depot.list, { body: {}, signal }),
    }),
};
