import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/contract/webhook.ts';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, "Signature scheme"): the secret is
 * `whsec_` + base64 of the key bytes; the signature of a message is
 * `v1,` + base64(HMAC-SHA256(key, `${webhook-id}.${webhook-timestamp}.${body}`)), the timestamp in
 * whole seconds since the epoch. A receiver using the `standardwebhooks` package verifies it with
 * `new Webhook(secret).verify(body, headers)`, as the tests do (tests/support/webhooks.ts). Signed
 * here with node:crypto's HMAC (native) rather than the package's pure-JS SHA-256.
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
