import { contract } from '../../../../src/shared/contract/index.ts';
import { at } from '../call.ts';
import type { Account } from './accounts.ts';
import type { Fixture } from './fixtures.ts';
import type { World } from './world.ts';

/** A public address given as an IP (no DNS here); nothing is delivered in the matrix. */
const URL = 'https://93.184.215.14/hooks';

const saveBody = (w: World, who: Account) => ({
  url: URL,
  events: ['order.created' as const],
  ...(w.isStaff(who) ? { customerId: w.customer.demo } : {}),
});

/** An endpoint `who` manages (staff: made for the demo customer). */
const endpointOf = async (w: World, who: Account) =>
  (await w.ok(who, contract.webhook.save, saveBody(w, who))).endpoint.recId;

/** `who`'s own endpoint; the other customer is given the demo customer's (which answers 404). */
const recordFor = (w: World, who: Account) => endpointOf(w, who === 'other' ? 'demo' : who);

/** Webhook calls: fresh endpoints and deliveries of the caller's own. */
export const webhookFixtures: Record<string, Fixture> = {
  'webhook.save': (w, who) => ({ body: saveBody(w, who) }),
  'webhook.delete': async (w, who) => ({ params: { id: await recordFor(w, who) } }),
  'webhook.test': async (w, who) => ({ params: { id: await recordFor(w, who) } }),
  'webhook.redeliver': async (w, who) => {
    const id = await endpointOf(w, who);
    const d = await w.ok(who, at(contract.webhook.test, { id }));
    return { params: { deliveryId: d.recId } };
  },
};
