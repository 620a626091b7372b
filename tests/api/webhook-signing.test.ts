import { describe, expect, it } from 'vitest';
import {
  newWebhookSecret,
  signWebhook,
  webhookHeaders,
} from '../../src/server/modules/webhook/webhook-sign.ts';
import { referenceSignature, verifiedByReference } from '../support/webhooks.ts';

/** Standard Webhooks' published signing example (the reference libraries' "sign function works" test). */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signing (Standard Webhooks)', () => {
  it('signs the spec’s example as published', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });
  it('signs as the reference library does, and its receiver accepts our headers', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(
      referenceSignature(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body),
    );
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, 'msg_1', VECTOR.body);
    expect(verifiedByReference(secret, headers, VECTOR.body)).toBe(true);
    // A changed body, another secret, or a stale timestamp are refused.
    expect(verifiedByReference(secret, headers, `${VECTOR.body} `)).toBe(false);
    expect(verifiedByReference(newWebhookSecret(), headers, VECTOR.body)).toBe(false);
    const stale = webhookHeaders(secret, 'msg_1', VECTOR.body, new Date(Date.now() - 301_000));
    expect(verifiedByReference(secret, stale, VECTOR.body)).toBe(false);
  });
});
