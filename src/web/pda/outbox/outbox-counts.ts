import { createContext, useContext } from 'react';

export interface OutboxCounts {
  queued: number;
  sending: number;
  attention: number;
}

/**
 * The outbox at a glance, provided by the outbox (outbox-context.tsx). A context of its own, without
 * Dexie, so the PDA's start screen (pda/start) can show it before the outbox's code has loaded:
 * `undefined` until the first count.
 */
export const OutboxCountsContext = createContext<OutboxCounts | undefined>(undefined);

/** The outbox state for the home screen and the top bar. */
export const useOutboxCounts = (): OutboxCounts | undefined => useContext(OutboxCountsContext);
