import type { AuthUser } from '../../http/context.ts';
import type { users } from '../schema/index.ts';

/**
 * A demo account as the modules' services see their caller, for seed steps that go through those
 * services (as an operator or a scanner would) instead of writing rows themselves. The routes check
 * permissions before a service runs, so none are loaded here.
 */
export function seedCaller(u: typeof users.$inferSelect, isAdmin: boolean): AuthUser {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    type: u.type,
    customerId: u.customerId,
    customerName: null,
    sessionId: '',
    isAdmin,
    perms: new Set(),
    roles: [],
  };
}
