import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../domain/password.ts';
import { SUB_RIGHTS } from '../domain/sub-rights.ts';
import { endpoint, requiredText } from './core.ts';

export const sessionUser = z.object({
  recId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: z.number().int().min(1).max(4),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  roles: z.array(z.object({ recId: z.number().int(), name: z.string() })),
  /** Prefix for relative image URLs (spec: fileDomain). */
  fileDomain: z.string(),
  /** Not in the spec: the business time zone (BUSINESS_TIME_ZONE) the desk shows times and days in. */
  timeZone: z.string(),
  /** Not in the spec: a sub-account's rights (domain/sub-rights.ts), so the desk hides what it may not do. */
  subRights: z.array(z.enum(SUB_RIGHTS)).optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const tokenPair = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Access token lifetime in seconds. */
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
  user: sessionUser,
});

export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    kind: 'json',
    summary: 'Log in with username and password; returns an access token and a refresh token.',
    body: z
      .object({
        username: requiredText(64),
        password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
      })
      .strict(),
    data: tokenPair,
    access: { public: true },
    // Too many failed attempts for the username or the address: 429 with Retry-After.
    answers: [429],
  }),
  loginOut: endpoint({
    method: 'GET',
    path: '/loginOut',
    kind: 'json',
    summary: 'Log out: revokes the session of the presented token.',
    data: z.null(),
    access: { anyUser: true },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/refreshToken',
    kind: 'json',
    summary:
      'Not in the spec: exchanges a refresh token for a new token pair (the old refresh token is spent).',
    body: z.object({ refreshToken: z.string().min(10).max(2000) }).strict(),
    data: tokenPair,
    access: { public: true },
    beyondSpec: true,
    // A spent, revoked or unknown refresh token: 401 code 6, as an expired session.
    answers: [401],
  }),
  me: endpoint({
    method: 'GET',
    path: '/user/current',
    kind: 'json',
    summary: 'Not in the spec: the logged-in user, for restoring a stored session.',
    data: sessionUser,
    access: { anyUser: true },
    beyondSpec: true,
  }),
};
