import { auth } from '../../../shared/contract/auth.ts';
import { system } from '../../../shared/contract/system.ts';
import { implement } from '../../http/context.ts';
import { changeOwnPassword, login, refresh, revokeSession, toSessionUser } from './auth.service.ts';

export const authRoutes = [
  implement(auth.login, (input, ctx) =>
    login(ctx.db, ctx.config, input.body, { ip: ctx.req.ip, userAgent: ctx.req.headers['user-agent'] ?? '' }),
  ),
  implement(auth.loginOut, async (_input, ctx) => {
    await revokeSession(ctx.db, ctx.user.sessionId);
    return null;
  }),
  implement(auth.refresh, (input, ctx) => refresh(ctx.db, ctx.config, input.body.refreshToken)),
  implement(auth.me, async (_input, ctx) => toSessionUser(ctx.user)),
  implement(system.updatePasswordByUser, async (input, ctx) => {
    await changeOwnPassword(ctx.db, ctx.user, input.body);
    return null;
  }),
];
