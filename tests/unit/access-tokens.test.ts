import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/server/modules/auth/tokens.ts';

const secret = new TextEncoder().encode('unit-secret-0123456789-0123456789-0123');
const claims = { userId: 7, sessionId: '0b7c4c1e-5d7a-4a52-9b8e-0c2f4a1e9d10' };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a good token, again from the verified ones, until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T08:59:59Z'));
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
    expect(await verifyAccessToken(secret, token)).toBeNull();
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });

  it('refuses a token signed with another secret, even one verified under its own', async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    const other = new TextEncoder().encode('another-secret-0123456789-0123456789-01');
    expect(await verifyAccessToken(other, token)).toBeNull();
  });

  it('refuses a tampered or unsigned token', async () => {
    const token = await signAccessToken(secret, claims);
    const [head, body] = token.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '1';
    const tampered = `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${token.split('.')[2]}`;
    expect(await verifyAccessToken(secret, tampered)).toBeNull();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    expect(await verifyAccessToken(secret, none)).toBeNull();
  });
});
