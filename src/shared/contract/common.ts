import { get } from './core.ts';

/** Lookups every surface reads. */
export const common = {
  trackingQuery: get(
    '/tracking/query/{no}',
    'Tracking events of one number (ours, the customer number or the carrier number); public, for the /search page.',
    { public: true },
  ),
  trackingStatusList: get('/order/trackingStatusList', 'The tracking status enumeration.', { anyUser: true }),
};
