import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';

/** The names the server writes too (list answers, exports), shared so both say the same thing. */
export const TYPE_LABELS: Record<number, MessageDescriptor> = { 1: m.type1, 2: m.type2 };
export const ORDER_TYPE_LABELS: Record<number, MessageDescriptor> = { 1: m.orderType1, 2: m.orderType2 };
export const PICKUP_LABELS: Record<number, MessageDescriptor> = { 1: m.pickup1, 2: m.pickup2, 3: m.pickup3 };
export const CONFIRM_LABELS: Record<number, MessageDescriptor> = { 0: m.confirm0, 1: m.confirm1 };
export const SIGN_LABELS: Record<number, MessageDescriptor> = { 0: m.sign0, 1: m.sign1, 2: m.sign2 };
export const MAIL_LABELS: Record<number, MessageDescriptor> = {
  0: m.mail0,
  1: m.mail1,
  2: m.mail2,
  3: m.mail3,
};

export const PICKUP_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };
export const MAIL_COLORS: Record<number, string> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'processing',
};

export const CLEARANCE_LABELS: Record<number, MessageDescriptor> = {
  0: m.clearance0,
  1: m.clearance1,
  2: m.clearance2,
  3: m.clearance3,
  4: m.clearance4,
};
export const CLEARANCE_COLORS: Record<number, string> = {
  0: 'processing',
  1: 'default',
  2: 'gold',
  3: 'success',
  4: 'purple',
};
