import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/contract/webhook.ts';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` + base64 of the key bytes; the signature of a message is
 * `v1,` + base64(HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)), the timestamp in
 * whole seconds since the epoch. A receiver using the `standardwebhooks` package verifies it with
 * `new Webhook(secret).verify(body, headers)`.
 */

/** A new secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** The `webhook-signature` header of a message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The headers a message is posted with. */
export function webhookHeaders(secret: string, id: string, body: string, at = new Date()) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

/**
 * A receiver's check, as the spec describes it: one of the space-separated `v1,` signatures
 * matches (compared in constant time) and the timestamp is within `toleranceSeconds` of now.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one('webhook-id');
  const ts = one('webhook-timestamp');
  const sigs = one('webhook-signature');
  if (!id || !ts || !sigs || !/^\d+$/.test(ts)) return false;
  if (Math.abs(now / 1000 - Number(ts)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(ts), body).slice(3), 'base64');
  return sigs.split(' ').some((s) => {
    const [version, mac] = s.split(',');
    if (version !== 'v1' || !mac) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
