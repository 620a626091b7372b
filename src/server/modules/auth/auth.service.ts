import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { tokenPair } from '../../../shared/contract/auth.ts';
import { SUB_RIGHTS } from '../../../shared/domain/sub-rights.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { recordChange } from '../../audit/record.ts';
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
/** Failures of one username from one address in the window: the tight limit (429 until the window moves on). */
export const MAX_FAILURES_PER_PAIR = 10;
/** Failures from one address over every username in the window (password spraying). */
export const MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Failures of one username from every address before delays start: each further attempt waits
 * 2, 4, 8 … seconds (at most MAX_DELAY_SECONDS) after the last failure. No hard lock: a stranger
 * cannot lock an owner out, and the owner's own address keeps its own tight count.
 */
export const FREE_FAILURES_PER_USERNAME = 20;
export const MAX_DELAY_SECONDS = 300;

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
    ...(u.subRights ? { subRights: SUB_RIGHTS.filter((r) => u.subRights!.has(r)) } : {}),
  };
}

/**
 * Decides whether this login may check its password, and if so records it as in flight (success
 * null, counted as a failure) in the same transaction. The decision is serialized per username and
 * per address (transaction advisory locks, username first), so a burst of parallel guesses is
 * counted one by one: of 40 wrong guesses at once for one username, at most MAX_FAILURES_PER_PAIR
 * reach the password check. Answers the attempt's id, or the seconds to wait.
 */
async function reserveAttempt(
  db: Db,
  username: string,
  ip: string,
): Promise<{ id: number } | { retryAfter: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('login:u:' || ${username}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('login:a:' || ${ip}))`);
    const r = await tx.execute<{ pair: number; by_user: number; by_ip: number; since_last: number }>(sql`
      SELECT
        count(*) FILTER (WHERE username = ${username} AND ip = ${ip}::inet)::int AS pair,
        count(*) FILTER (WHERE username = ${username})::int AS by_user,
        count(*) FILTER (WHERE ip = ${ip}::inet)::int AS by_ip,
        COALESCE(floor(extract(epoch FROM
          now() - max(at) FILTER (WHERE username = ${username})))::int, 0) AS since_last
      FROM login_attempts
      WHERE success IS NOT TRUE AND at > now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})
        AND (username = ${username} OR ip = ${ip}::inet)`);
    const row = r.rows[0] ?? { pair: 0, by_user: 0, by_ip: 0, since_last: 0 };
    const window = THROTTLE_WINDOW_MINUTES * 60;
    if (row.pair >= MAX_FAILURES_PER_PAIR || row.by_ip >= MAX_FAILURES_PER_ADDRESS)
      return { retryAfter: window };
    if (row.by_user >= FREE_FAILURES_PER_USERNAME) {
      const delay = Math.min(MAX_DELAY_SECONDS, 2 ** (row.by_user - FREE_FAILURES_PER_USERNAME + 1));
      const left = delay - row.since_last;
      if (left > 0) return { retryAfter: left };
    }
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ username, ip, success: null })
      .returning({ id: loginAttempts.id });
    return { id: attempt!.id };
  });
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
  const attempt = await reserveAttempt(db, username, client.ip);
  if ('retryAfter' in attempt) {
    const { retryAfter } = attempt;
    const long = retryAfter >= THROTTLE_WINDOW_MINUTES * 60;
    throw new AppError(429, long ? messages.loginThrottled : messages.loginDelayed, {
      values: { seconds: retryAfter },
      data: { retryAfter },
    });
  }

  const [found] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.username, username));
  const valid = await verifyPassword(input.password, found?.passwordHash ?? (await dummyHash()));
  const success = !!found && valid && found.status === 1;
  await db.update(loginAttempts).set({ success }).where(eq(loginAttempts.id, attempt.id));
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

/**
 * Spends a refresh token for a new pair; a spent or unknown token ends in a new login. A token this
 * session already spent, presented again, means two holders share the family (OAuth 2.0 Security
 * BCP, refresh token rotation): the whole session ends at once, its live tokens with it, and the
 * reuse is logged.
 */
export async function refresh(
  db: Db,
  config: Config,
  refreshToken: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<UnzonedPair> {
  const sessionId = sessionIdOfRefreshToken(refreshToken);
  const invalid = () => new AppError(401, messages.refreshInvalid, { code: 6 });
  if (!sessionId) throw invalid();
  const presented = hashRefreshToken(refreshToken);
  const next = newRefreshToken(sessionId);
  const [row] = await db
    .update(sessions)
    .set({
      refreshHash: hashRefreshToken(next),
      spentRefreshHashes: sql`(array_prepend(${sessions.refreshHash}, ${sessions.spentRefreshHashes}))[1:20]`,
      refreshedAt: new Date(),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.refreshHash, presented),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .returning({ userId: sessions.userId });
  if (!row) {
    const reused = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          sql`${presented} = ANY(${sessions.spentRefreshHashes})`,
        ),
      )
      .returning({ userId: sessions.userId });
    if (reused[0])
      log?.warn(
        { event: 'refresh_token_reuse', sessionId, userId: reused[0].userId },
        'a spent refresh token was presented again: the session is ended',
      );
    throw invalid();
  }
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
    await recordChange(tx as unknown as Db, { entity: 'account', recordId: userId, action: 'password' });
  });
}
