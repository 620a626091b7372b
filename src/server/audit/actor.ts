import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the changes of the work running now: the caller of an API call, or the system. */
export interface AuditActor {
  id: number | null;
  name: string;
  /** The account's type (1 staff, 2 main account, 3 sub-account, 4 PDA); 0 the system. */
  type: number;
  ip: string;
  sessionId: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'system', type: 0, ip: '', sessionId: null };

const current = new AsyncLocalStorage<AuditActor>();

/**
 * Runs `work` on behalf of `actor`. The binder runs every handler so, which is how the audit log
 * knows who made a change, from where and in which session, without each service being told.
 */
export function actingAs<T>(actor: AuditActor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor of the work running now; the system outside any call (jobs, start-up). */
export function currentActor(): AuditActor {
  return current.getStore() ?? SYSTEM_ACTOR;
}
