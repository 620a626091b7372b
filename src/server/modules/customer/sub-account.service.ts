import { and, asc, eq, sql } from 'drizzle-orm';
import type { SubAccountRecord } from '../../../shared/contract/customer.ts';
import { AccountType, Enabled } from '../../../shared/domain/enums.ts';
import { SUB_RIGHTS, type SubRight } from '../../../shared/domain/sub-rights.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { customerScope, requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { revokeAllSessions, setPassword } from '../auth/auth.service.ts';
import { saveUser } from '../system/users.service.ts';

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

/**
 * A main account makes a sub-account of its own customer (the session's, never the request's),
 * through the account service so usernames and passwords follow one rule. The access layer has
 * checked the rights are within the caller's.
 */
export async function createSubAccount(
  db: Db,
  user: AuthUser,
  input: { username: string; nickname: string; password: string; rights: SubRight[] },
): Promise<SubAccountRecord> {
  const rights = ordered(input.rights);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const created = await saveUser(tx, user, {
      username: input.username,
      nickname: input.nickname,
      type: AccountType.sub,
      status: Enabled.enabled,
      customerId: customerScope(user),
      email: '',
      phone: '',
      roleIds: [],
      password: input.password,
      subRights: rights,
    });
    await recordChange(tx, {
      entity: 'subAccountRights',
      recordId: created.recId,
      action: 'create',
      after: { rights },
    });
    const [row] = await tx.select(columns).from(users).where(eq(users.id, created.recId));
    return toRecord(row!);
  });
}

/** The caller's sub-account `recId`, locked; another customer's, or no sub-account, answers 404. */
async function ownSubAccount(tx: Db, user: AuthUser, recId: number): Promise<Row> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.id, recId), eq(users.type, AccountType.sub)))
    .for('update');
  if (!row) throw notFound();
  requireAccess(user, row);
  return row;
}

/** Disables or enables a sub-account; a disabled one's sessions (and refresh tokens) end at once. */
export async function setSubAccountStatus(
  db: Db,
  user: AuthUser,
  input: { recId: number; status: number },
): Promise<SubAccountRecord> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await ownSubAccount(tx, user, input.recId);
    const [after] = await tx
      .update(users)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(eq(users.id, input.recId))
      .returning(columns);
    if (input.status !== Enabled.enabled) await revokeAllSessions(tx, input.recId);
    await recordChange(tx, {
      entity: 'account',
      recordId: input.recId,
      action: 'update',
      before: { status: before.status },
      after: { status: after!.status },
    });
    return toRecord(after!);
  });
}

/** Sets a sub-account's password (the account rules' hashing); its sessions end. */
export async function resetSubAccountPassword(
  db: Db,
  user: AuthUser,
  input: { recId: number; password: string },
): Promise<null> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await ownSubAccount(tx, user, input.recId);
    await setPassword(tx, input.recId, input.password);
  });
  return null;
}
