import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';

/** Names the server also writes (answers, exports), shared so both say the same thing. */
export const PICKUP_LABELS: Record<string, MessageDescriptor> = {
  '1': m.pickup1,
  '2': m.pickup2,
  '3': m.pickup3,
};
export const PICKUP_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };
export const CONFIRM_LABELS: Record<string, MessageDescriptor> = { '0': m.confirm0, '1': m.confirm1 };
