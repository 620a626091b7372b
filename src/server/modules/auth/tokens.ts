import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 3600;
const ISSUER = 'parcel-backoffice';
const AUDIENCE = 'parcel-backoffice-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/**
 * Tokens whose signature, issuer and audience were verified, with their expiry, per secret. The
 * signature check (an HMAC through WebCrypto) cost more server CPU than the rest of the auth floor
 * (bench/orders.ts profile); a token is a fixed string, so once verified it stays valid until it
 * expires. Revocation is not decided here: the session is looked up on every call (http/session.ts).
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/** Verifies signature (HS256 only: `alg: none` and others are refused), issuer, audience and expiry (required). */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  let cache = verified.get(secret);
  if (!cache) {
    cache = new Map();
    verified.set(secret, cache);
  }
  const hit = cache.get(token);
  if (hit) {
    if (Math.floor(Date.now() / 1000) < hit.expiresAt) return hit.claims;
    cache.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    const claims = { userId, sessionId: payload.sid };
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims, expiresAt: payload.exp as number });
    return claims;
  } catch (e) {
    if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
    throw e;
  }
}

/** An opaque refresh token `<sessionId>.<secret>`; only its hash is stored. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function sessionIdOfRefreshToken(token: string): string | null {
  const sid = token.split('.')[0] ?? '';
  return /^[0-9a-f-]{36}$/.test(sid) ? sid : null;
}

export const newSessionId = () => randomUUID();

/** A new API key's secret: the recognisable prefix and 32 random bytes. */
export function newApiKeySecret(): string {
  return `pbo_${randomBytes(32).toString('base64url')}`;
}

/** An API key is stored as this hash only; its 256 random bits make a slow hash needless. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
