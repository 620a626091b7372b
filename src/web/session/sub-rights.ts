import { AccountType } from '../../shared/domain/enums.ts';
import type { SubRight } from '../../shared/domain/sub-rights.ts';
import { useSession } from './store.ts';

/**
 * Whether the caller may do what `right` guards: a sub-account when its main account gave it the
 * right, every other account always (staff are checked by their permission keys). The session's
 * user is read again from the server before each desk page; the server refuses anyway.
 */
export function useSubRight(right: SubRight): boolean {
  const user = useSession()?.user;
  return user?.type !== AccountType.sub || (user.subRights ?? []).includes(right);
}
