import { Webhook } from 'standardwebhooks';

/**
 * Whether a delivery carries a valid signature of its body, as the Standard Webhooks reference
 * library judges it for a receiver: one of its `v1,` signatures matches and its timestamp is within
 * five minutes of now. Our signer (src/server/modules/webhook/webhook-sign.ts) is checked against it.
 */
export function verifiedByReference(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): boolean {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : (v ?? '')]),
  );
  try {
    new Webhook(secret).verify(body, flat, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}

/** The reference library's signature of a message. */
export const referenceSignature = (secret: string, id: string, timestamp: number, body: string) =>
  new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
