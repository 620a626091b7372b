import { auth } from '../../../shared/contract/auth.ts';
import { system } from '../../../shared/contract/system.ts';
import type { Config } from '../../config.ts';
import { implement } from '../../http/context.ts';
import { changeOwnPassword, login, refresh, revokeSession, toSessionUser } from './auth.service.ts';

/** The session's user with the business time zone the desk shows times in. */
const zoned = async <P extends { user: object }>(pair: Promise<P>, config: Config) => {
  const p = await pair;
  return { ...p, user: { ...p.user, timeZone: config.businessTimeZone } };
};

export const authRoutes = [
  implement(auth.login, (input, ctx) =>
    zoned(
      login(ctx.db, ctx.config, input.body, {
        ip: ctx.req.ip,
        userAgent: ctx.req.headers['user-agent'] ?? '',
      }),
      ctx.config,
    ),
  ),
  implement(auth.loginOut, async (_input, ctx) => {
    await revokeSession(ctx.db, ctx.user.sessionId);
    return null;
  }),
  implement(auth.refresh, (input, ctx) =>
    zoned(refresh(ctx.db, ctx.config, input.body.refreshToken, ctx.req.log), ctx.config),
  ),
  implement(auth.me, async (_input, ctx) => ({
    ...toSessionUser(ctx.user),
    timeZone: ctx.config.businessTimeZone,
  })),
  implement(system.updatePasswordByUser, async (input, ctx) => {
    await changeOwnPassword(ctx.db, ctx.user, input.body);
    return null;
  }),
];
