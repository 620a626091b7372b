import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { AccountType } from '../../../shared/domain/enums.ts';
import { SUB_RIGHTS } from '../../../shared/domain/sub-rights.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { customers, roles, userRoles, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, notFound, rule } from '../../http/errors.ts';
import { revokeAllSessions } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface UserOut {
  recId: number;
  username: string;
  nickname: string;
  type: number;
  status: number;
  customerId: number | null;
  customerName: string | null;
  email: string;
  phone: string;
  roleIds: number[];
  createdAt: string;
}

const ALL_RIGHTS = `{${SUB_RIGHTS.join(',')}}`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

const columns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  type: users.type,
  status: users.status,
  customerId: users.customerId,
  customerName: customers.name,
  email: users.email,
  phone: users.phone,
  createdAt: users.createdAt,
};

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

async function withRoles(db: Db, rows: UserRow[]): Promise<UserOut[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db.select().from(userRoles).where(inArray(userRoles.userId, ids)).orderBy(asc(userRoles.roleId))
    : [];
  return rows.map(({ id, createdAt, ...r }) => ({
    ...r,
    recId: id,
    roleIds: links.filter((l) => l.userId === id).map((l) => l.roleId),
    createdAt: createdAt.toISOString(),
  }));
}

function selectUsers(db: Db, where: SQL | undefined, page?: { pageNo: number; pageSize: number }) {
  const q = db
    .select(columns)
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(where)
    .orderBy(asc(users.id));
  return page ? q.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : q;
}

export async function listUsers(
  db: Db,
  q: {
    pageNo: number;
    pageSize: number;
    username?: string | undefined;
    type?: number | undefined;
    status?: number | undefined;
    customerId?: number | undefined;
    withOptions?: boolean | undefined;
  },
) {
  const where = and(
    q.username ? ilike(users.username, `%${escapeLike(q.username.toLowerCase())}%`) : undefined,
    q.type ? eq(users.type, q.type) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    q.customerId ? eq(users.customerId, q.customerId) : undefined,
  );
  const [rows, [total], options] = await Promise.all([
    selectUsers(db, where, q),
    db.select({ n: count() }).from(users).where(where),
    q.withOptions ? accountOptions(db) : undefined,
  ]);
  return {
    records: await withRoles(db, rows),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    ...(options ? { options } : {}),
  };
}

async function accountOptions(db: Db) {
  const [customerRows, roleRows] = await Promise.all([
    db
      .select({ recId: customers.id, code: customers.code, name: customers.name })
      .from(customers)
      .orderBy(asc(customers.name), asc(customers.id)),
    db.select({ recId: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id)),
  ]);
  return { customers: customerRows, roles: roleRows };
}

/** What the audit log compares of an account: its fields and its roles (never its password). */
async function accountSnapshot(db: Db, id: number) {
  const [u] = await db
    .select({
      username: users.username,
      nickname: users.nickname,
      type: users.type,
      status: users.status,
      customerId: users.customerId,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!u) return null;
  const links = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, id))
    .orderBy(asc(userRoles.roleId));
  return { ...u, roleIds: links.map((l) => l.roleId) };
}

export async function getUser(db: Db, id: number): Promise<UserOut> {
  const [u] = await withRoles(db, await selectUsers(db, eq(users.id, id)));
  if (!u) throw notFound();
  return u;
}

export interface UserInput {
  recId?: number | undefined;
  username: string;
  nickname: string;
  type: number;
  status: number;
  customerId?: number | null | undefined;
  email: string;
  phone: string;
  roleIds: number[];
  password?: string | undefined;
  /** A new sub-account's rights (every right when left out, until its main account decides). */
  subRights?: readonly string[] | undefined;
}

export async function saveUser(db: Db, actor: AuthUser, input: UserInput): Promise<UserOut> {
  const username = input.username.toLowerCase();
  const isCustomerAccount = input.type === AccountType.main || input.type === AccountType.sub;
  if (isCustomerAccount && !input.customerId) {
    throw new AppError(400, messages.customerRequired, {
      issues: [{ path: 'customerId', descriptor: messages.customerRequired }],
    });
  }
  if (input.recId === actor.id && input.status !== 1) throw rule(messages.cannotDisableSelf);
  if (input.recId === undefined && !input.password) {
    throw new AppError(400, messages.passwordRequiredOnCreate, {
      issues: [{ path: 'password', descriptor: messages.passwordRequiredOnCreate }],
    });
  }
  const id = await db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), input.recId ? ne(users.id, input.recId) : undefined));
    if (clash) throw rule(messages.usernameTaken);
    if (input.customerId) {
      const [c] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, input.customerId));
      if (!c) throw notFound();
    }
    const roleIds = [...new Set(input.roleIds)];
    if (roleIds.length) {
      const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
      if (found.length !== roleIds.length) throw notFound();
    }
    const values = {
      username,
      nickname: input.nickname,
      type: input.type,
      status: input.status,
      customerId: isCustomerAccount ? (input.customerId ?? null) : null,
      email: input.email,
      phone: input.phone,
      updatedAt: new Date(),
      // A new sub-account may do what its main account may until the main account decides otherwise;
      // one that stays a sub-account keeps its rights, any other account holds none.
      subRights:
        input.type === AccountType.sub
          ? sql`CASE WHEN ${users.type} = ${AccountType.sub} THEN ${users.subRights} ELSE ${ALL_RIGHTS}::text[] END`
          : sql`'{}'::text[]`,
    };
    let userId = input.recId;
    const before = userId === undefined ? null : await accountSnapshot(tx as unknown as Db, userId);
    if (userId === undefined) {
      const [created] = await tx
        .insert(users)
        .values({
          ...values,
          subRights: input.type === AccountType.sub ? [...(input.subRights ?? SUB_RIGHTS)] : [],
          passwordHash: await hashPassword(input.password!),
        })
        .returning({ id: users.id });
      userId = created!.id;
    } else {
      const updated = await tx
        .update(users)
        .set(values)
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw notFound();
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (input.status !== 1) await revokeAllSessions(tx as unknown as Db, userId);
    }
    if (roleIds.length)
      await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: userId!, roleId })));
    await recordChange(tx as unknown as Db, {
      entity: 'account',
      recordId: userId,
      action: before ? 'update' : 'create',
      before,
      after: await accountSnapshot(tx as unknown as Db, userId),
    });
    return userId;
  });
  return getUser(db, id);
}
