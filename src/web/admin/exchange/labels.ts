import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';

/**
 * Spec: exchange status 0 not exchanged, 1 exchanged (the names the server writes too). Not in
 * search.ts: the route tree loads that with every page, the PDA's too, and the lading messages
 * are the desk's.
 */
export const EXCHANGE_LABELS: Record<number, MessageDescriptor> = { 0: m.exchange0, 1: m.exchange1 };
