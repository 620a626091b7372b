import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationAnswer } from '../../src/server/http/envelope.ts';
import { invalid } from '../../src/server/http/errors.ts';
import { translator } from '../../src/server/i18n.ts';
import { messageById } from '../../src/shared/i18n/message-registry.ts';
import { orderMessages } from '../../src/shared/i18n/order-messages.ts';
import { shippingMessages } from '../../src/shared/i18n/shipping-messages.ts';

describe('message registry', () => {
  it('finds messages of every module by id, not only the core ones', () => {
    expect(messageById(orderMessages.goodsNameEnRequired.id)).toBe(orderMessages.goodsNameEnRequired);
    expect(messageById('api.notFound')?.message).toBe('The record does not exist');
    expect(messageById('no.such.id')).toBeUndefined();
  });

  it('translates a schema custom message from a domain module', () => {
    const schema = z.object({ nameEn: z.string().min(1, orderMessages.goodsNameEnRequired.id) });
    const err = schema.safeParse({ nameEn: '' }).error!;
    const cn = validationAnswer(err, translator('cn'));
    const en = validationAnswer(err, translator('en'));
    expect((en.body as { msg: string }).msg).toBe('English goods name cannot be empty');
    expect((cn.body as { msg: string }).msg).not.toBe('English goods name cannot be empty');
    expect((cn.body as { msg: string }).msg).not.toBe(orderMessages.goodsNameEnRequired.id);
  });

  it('fills a bound’s figure into a schema custom message that names it', () => {
    const schema = z.object({ nos: z.array(z.string()).max(3, orderMessages.tooManyNumbers.id) });
    const err = schema.safeParse({ nos: ['a', 'b', 'c', 'd'] }).error!;
    const body = validationAnswer(err, translator('en')).body as {
      msg: string;
      data: { issues: { path: string; message: string }[] };
    };
    expect(body.msg).toBe('Enter at most 3 numbers');
    expect(body.data.issues).toEqual([{ path: 'nos', message: 'Enter at most 3 numbers' }]);
    expect((validationAnswer(err, translator('cn')).body as { msg: string }).msg).toContain('3');
  });

  it('keeps the values of a field message in the answer', () => {
    const withValue = Object.values(shippingMessages).find((m) => m.message.includes('{max}'))!;
    const e = invalid([{ path: 'x', descriptor: withValue, values: { max: 42 } }]);
    expect(translator('en')(e.descriptor, e.values)).toContain('42');
  });
});
