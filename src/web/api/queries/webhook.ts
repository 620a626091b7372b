import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { webhook } from '../../../shared/contract/webhook.ts';
import { callApi } from '../client.ts';

export type WebhookFilters = NonNullable<Body<typeof webhook.list>>;
export type DeliveryFilters = NonNullable<Body<typeof webhook.deliveries>>;

/** Webhook endpoints and their deliveries (the Developers screen). */
export const webhookKeys = {
  all: () => ['webhook'] as const,
};

export const webhookQueries = {
  list: (filters: WebhookFilters) =>
    queryOptions({
      queryKey: [...webhookKeys.all(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(webhook.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** Polled while a delivery on the page is still waiting, so its answer shows when it comes. */
  deliveries: (filters: DeliveryFilters) =>
    queryOptions({
      queryKey: [...webhookKeys.all(), 'deliveries', filters] as const,
      queryFn: ({ signal }) => callApi(webhook.deliveries, { body: filters, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.records.some((d) => d.state === 'pending') ? 3000 : false),
    }),
};

export const webhookMutations = {
  /** A new endpoint's answer (or a rotation's) holds its signing secret, shown this once. */
  save: () =>
    mutationOptions({ mutationFn: (body: Body<typeof webhook.save>) => callApi(webhook.save, { body }) }),
  remove: () => mutationOptions({ mutationFn: (id: number) => callApi(webhook.delete, { params: { id } }) }),
  test: () => mutationOptions({ mutationFn: (id: number) => callApi(webhook.test, { params: { id } }) }),
  redeliver: () =>
    mutationOptions({
      mutationFn: (deliveryId: number) => callApi(webhook.redeliver, { params: { deliveryId } }),
    }),
};
