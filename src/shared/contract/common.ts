import { z } from 'zod';
import { endpoint } from './core.ts';
import { trackingResult, trackingStatusOption } from './order-records.ts';

export { MAX_TRACKING_QUERY } from '../domain/tracking-no.ts';

/** Lookups every surface reads. */
export const common = {
  trackingQuery: endpoint({
    method: 'GET',
    path: '/tracking/query/{no}',
    kind: 'json',
    summary:
      'Tracking events of one number or several (separated by commas, spaces or new lines; at most 20): ours, the customer number or the carrier number; public, for the /search page. Answers one result per number (several when a customer number belongs to orders of several customers), with the status and the public events in the caller’s language; never the consignee’s name, phone or address.',
    params: z.object({ no: z.string().trim().min(1).max(2000) }).strict(),
    data: z.array(trackingResult),
    access: { public: true, key: 'tracking' },
    // Public and unauthenticated: an address may not walk the number space.
    rateLimit: { max: 30, windowMs: 60_000 },
  }),
  trackingStatusList: endpoint({
    method: 'GET',
    path: '/order/trackingStatusList',
    kind: 'json',
    summary:
      'The tracking statuses (the enabled standard tracking nodes, in track order) with the order status each stands for.',
    data: z.array(trackingStatusOption),
    access: { anyUser: true },
  }),
};
