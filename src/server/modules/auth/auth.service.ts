import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { tokenPair } from '../../../shared/contract/auth.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts, sessions, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { loadSessionUser } from '../../http/session.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  ACCESS_TOKEN_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  newSessionId,
  REFRESH_TOKEN_SECONDS,
  sessionIdOfRefreshToken,
  signAccessToken,
} from './tokens.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

type TokenPair = z.input<typeof tokenPair>;
/** A token pair before the route adds the business time zone to its user. */
type UnzonedPair = Omit<TokenPair, 'user'> & { user: Omit<TokenPair['user'], 'timeZone'> };

export function toSessionUser(u: AuthUser): Omit<TokenPair['user'], 'timeZone'> {
  return {
    recId: u.id,
    username: u.username,
    nickname: u.nickname,
    type: u.type,
    customerId: u.customerId,
    customerName: u.customerName,
    roles: u.roles,
    fileDomain: '',
  };
}

async function tooManyFailures(db: Db, username: string, ip: string): Promise<boolean> {
  const r = await db.execute<{ by_user: number; by_ip: number }>(sql`
    SELECT
      count(*) FILTER (WHERE username = ${username})::int AS by_user,
      count(*) FILTER (WHERE ip = ${ip}::inet)::int AS by_ip
    FROM login_attempts
    WHERE NOT success AND at > now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})
      AND (username = ${username} OR ip = ${ip}::inet)`);
  const row = r.rows[0];
  return !!row && (row.by_user >= MAX_FAILURES_PER_USERNAME || row.by_ip >= MAX_FAILURES_PER_ADDRESS);
}

/**
 * Checks the password (an unknown user costs the same hash as a wrong password and gets the same
 * message), throttles by username and by address, and opens a session.
 */
export async function login(
  db: Db,
  config: Config,
  input: { username: string; password: string },
  client: { ip: string; userAgent: string },
): Promise<UnzonedPair> {
  const username = input.username.toLowerCase();
  if (await tooManyFailures(db, username, client.ip)) throw new AppError(429, messages.loginThrottled);

  const [found] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.username, username));
  const valid = await verifyPassword(input.password, found?.passwordHash ?? (await dummyHash()));
  const success = !!found && valid && found.status === 1;
  await db.insert(loginAttempts).values({ username, ip: client.ip, success });
  if (!found || !success) throw new AppError(400, messages.loginFailed);

  return openSession(db, config, found.id, client);
}

async function openSession(
  db: Db,
  config: Config,
  userId: number,
  client: { ip: string; userAgent: string },
): Promise<UnzonedPair> {
  const sessionId = newSessionId();
  const refreshToken = newRefreshToken(sessionId);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    refreshHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  return tokensFor(db, config, userId, sessionId, refreshToken);
}

async function tokensFor(
  db: Db,
  config: Config,
  userId: number,
  sessionId: string,
  refreshToken: string,
): Promise<UnzonedPair> {
  const user = await loadSessionUser(db, sessionId, userId);
  if (!user) throw new AppError(401, messages.refreshInvalid, { code: 6 });
  return {
    token: await signAccessToken(config.tokenSecret, { userId, sessionId }),
    refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
    tokenType: 'Bearer',
    user: toSessionUser(user),
  };
}

/** Spends a refresh token for a new pair; a spent or unknown token ends in a new login. */
export async function refresh(db: Db, config: Config, refreshToken: string): Promise<UnzonedPair> {
  const sessionId = sessionIdOfRefreshToken(refreshToken);
  const invalid = () => new AppError(401, messages.refreshInvalid, { code: 6 });
  if (!sessionId) throw invalid();
  const next = newRefreshToken(sessionId);
  const [row] = await db
    .update(sessions)
    .set({
      refreshHash: hashRefreshToken(next),
      refreshedAt: new Date(),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.refreshHash, hashRefreshToken(refreshToken)),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .returning({ userId: sessions.userId });
  if (!row) throw invalid();
  return tokensFor(db, config, row.userId, sessionId, next);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Password change, reset or disabling: every session of the user ends at once. */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function changeOwnPassword(
  db: Db,
  user: AuthUser,
  input: { password: string; newPassword: string; checkPassword: string },
): Promise<void> {
  if (input.newPassword !== input.checkPassword) {
    throw new AppError(400, messages.passwordMismatch, {
      issues: [{ path: 'checkPassword', descriptor: messages.passwordMismatch }],
    });
  }
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(input.password, row.hash))) {
    throw new AppError(400, messages.oldPasswordWrong, {
      issues: [{ path: 'password', descriptor: messages.oldPasswordWrong }],
    });
  }
  await setPassword(db, user.id, input.newPassword);
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeAllSessions(tx as unknown as Db, userId);
  });
}
