import { LoopState } from '../../../shared/domain/closed-loop.ts';
import { closedLoopMessages as m } from '../../../shared/i18n/closed-loop-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';

/** The loop states as the server names them too (list answers, exports). */
export const LOOP_STATE_LABELS: Record<number, MessageDescriptor> = {
  [LoopState.inTransit]: m.state1,
  [LoopState.awaitingRemittance]: m.state2,
  [LoopState.closed]: m.state3,
  [LoopState.returned]: m.state4,
  [LoopState.lost]: m.state5,
};

export const LOOP_STATE_COLORS: Record<number, string> = {
  [LoopState.inTransit]: 'processing',
  [LoopState.awaitingRemittance]: 'warning',
  [LoopState.closed]: 'success',
  [LoopState.returned]: 'default',
  [LoopState.lost]: 'error',
};
