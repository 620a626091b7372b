import type { BillVerb } from '../outbox/actions.ts';

/**
 * The bill actions besides scanning, apart from their screen so the route's `beforeLoad` can check
 * its parameter without putting the screen (Konsta, Dexie) into the app's entry chunk.
 */
export type ActionVerb = Exclude<BillVerb, 'scan'>;
export const ACTION_VERBS: readonly ActionVerb[] = ['confirm', 'pickup', 'cancel'];
