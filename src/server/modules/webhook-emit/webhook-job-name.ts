import { jobName } from '../../jobs/engine.ts';

/**
 * The delivery job: with an endpoint and lane, it posts that lane's waiting deliveries in order;
 * without (the schedule, and at start), it sends the job of every lane with a delivery due.
 */
export const WEBHOOK_DELIVER = jobName<{ endpointId?: number; lane?: string }>('webhook-deliver');
