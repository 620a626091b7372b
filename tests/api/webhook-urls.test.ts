import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/server/modules/webhook/webhook-deliver.ts';
import { isPrivateAddress } from '../../src/server/modules/webhook/webhook-url.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { type Receiver, startReceiver } from '../support/http-receiver.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

/**
 * Webhook addresses: which are not public, and the refusal of URLs that are not https or lead to
 * private addresses, by an app with the default (strict) URL policy (webhook.test.ts's app allows
 * them, to post to its local receiver).
 */
describe('webhook addresses', () => {
  it('knows which addresses are not public', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  describe('on an app with the default (strict) URL policy', () => {
    const t = useTestApp();
    const tokens: Record<string, string> = {};
    let receiver: Receiver<unknown>;

    beforeAll(async () => {
      tokens.demo = await t.login(...DEMO.demo);
      receiver = await startReceiver<unknown>(() => ({ status: 200, body: '{"ok":true}' }));
    });

    afterAll(async () => {
      await receiver?.close();
    });

    it('refuses URLs that are not https or lead to private addresses (400, translated)', async () => {
      const save = (url: string, lang: string) =>
        call(t, contract.webhook.save, {
          token: tokens.demo,
          lang,
          body: { url, events: ['order.created'] },
        });
      const http = await save('http://example.com/hooks', 'en');
      expect(http).toMatchObject({ status: 400, body: { msg: 'The address must start with https://' } });
      for (const url of [
        'https://127.0.0.1/hooks',
        'https://10.0.0.5/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hooks',
        'https://localhost:8443/hooks',
      ]) {
        const r = await save(url, 'en');
        expect(r.status, url).toBe(400);
        expect(r.body.msg, url).toMatch(/private, loopback or link-local/);
      }
      const cn = await save('https://127.0.0.1/hooks', 'cn');
      const ar = await save('https://127.0.0.1/hooks', 'ar');
      expect(cn.body.msg).not.toMatch(/private/);
      expect(ar.body.msg).not.toMatch(/private/);
      expect(cn.body.msg).not.toBe(ar.body.msg);
      // A delivery checks again at connection time.
      const posted = await postWebhook(
        receiver.url('/x'),
        '{}',
        {},
        { webhookAllowHttp: true, webhookAllowPrivate: false },
      );
      expect(posted.status).toBeNull();
      expect(posted.error).toMatch(/not a public address/);
    });
  });
});
