import { and, asc, eq, sql } from 'drizzle-orm';
import type { SubAccountRecord } from '../../../shared/contract/customer.ts';
import { AccountType } from '../../../shared/domain/enums.ts';
import { SUB_RIGHTS, type SubRight } from '../../../shared/domain/sub-rights.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { customerScope, requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';

const columns = {
  recId: users.id,
  username: users.username,
  nickname: users.nickname,
  status: users.status,
  customerId: users.customerId,
  rights: users.subRights,
  createdAt: users.createdAt,
};

interface Row {
  recId: number;
  username: string;
  nickname: string;
  status: number;
  customerId: number | null;
  rights: string[];
  createdAt: Date;
}

/** Rights in the order of SUB_RIGHTS, names no longer defined left out. */
const ordered = (rights: readonly string[]): SubRight[] => SUB_RIGHTS.filter((r) => rights.includes(r));

function toRecord(r: Row): SubAccountRecord {
  return { ...r, customerId: r.customerId!, rights: ordered(r.rights), createdAt: r.createdAt.toISOString() };
}

/** The sub-accounts of the caller's customer (a main account) or of `customerId` (staff). */
export async function listSubAccounts(
  db: Db,
  user: AuthUser,
  customerId: number | undefined,
): Promise<SubAccountRecord[]> {
  const customer = customerScope(user) ?? customerId;
  if (customer === undefined) return [];
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.customerId, customer), eq(users.type, AccountType.sub)))
    .orderBy(asc(users.username));
  return rows.map(toRecord);
}

/**
 * Sets what a sub-account may do. The access layer has admitted the caller (its main account or
 * staff with customer:edit) and checked that it holds every right it gives; a sub-account of another
 * customer answers as if it did not exist. Its next call (and its keys') reads the new rights.
 */
export async function saveSubRights(
  db: Db,
  user: AuthUser,
  input: { recId: number; rights: SubRight[] },
): Promise<SubAccountRecord> {
  const rights = ordered(input.rights);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(users)
      .where(and(eq(users.id, input.recId), eq(users.type, AccountType.sub)))
      .for('update');
    if (!before) throw notFound();
    requireAccess(user, before);
    const [after] = await tx
      .update(users)
      .set({ subRights: rights, updatedAt: sql`now()` })
      .where(eq(users.id, input.recId))
      .returning(columns);
    await recordChange(tx as unknown as Db, {
      entity: 'subAccountRights',
      recordId: input.recId,
      action: 'update',
      before: { rights: ordered(before.rights) },
      after: { rights },
    });
    return toRecord(after!);
  });
}
