import { describe, expect, it } from 'vitest';
import { customerScope, mayCall, requireAccess } from '../../src/server/http/access.ts';
import type { AuthUser } from '../../src/server/http/context.ts';
import { AppError } from '../../src/server/http/errors.ts';

const user = (type: number, extra: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  username: 'u',
  nickname: '',
  type,
  customerId: type === 2 || type === 3 ? 7 : null,
  customerName: null,
  sessionId: 's',
  isAdmin: false,
  perms: new Set(),
  roles: [],
  ...extra,
});

describe('the access layer', () => {
  it('denies by default', () => {
    for (const type of [1, 2, 3, 4, 5]) expect(mayCall({}, user(type))).toBe(false);
  });

  it('lets staff in by permission key, the Administrator role everywhere', () => {
    expect(mayCall({ staff: 'lading:scan' }, user(1))).toBe(false);
    expect(mayCall({ staff: 'lading:scan' }, user(1, { perms: new Set(['lading:scan']) }))).toBe(true);
    expect(mayCall({ staff: 'lading:scan' }, user(1, { isAdmin: true }))).toBe(true);
    expect(mayCall({ staff: true }, user(1))).toBe(true);
    expect(mayCall({ customer: true, pda: true }, user(1, { isAdmin: true }))).toBe(false);
  });

  it('keeps customers, sub-accounts and the PDA to what the entry names', () => {
    expect(mayCall({ staff: 'order:view', customer: true }, user(2))).toBe(true);
    expect(mayCall({ staff: 'order:view', customer: true }, user(3))).toBe(true);
    expect(mayCall({ staff: 'region:edit', customer: 'main' }, user(2))).toBe(true);
    expect(mayCall({ staff: 'region:edit', customer: 'main' }, user(3))).toBe(false);
    expect(mayCall({ staff: 'order:view', customer: true }, user(4))).toBe(false);
    expect(mayCall({ staff: 'lading:scan', pda: true }, user(4))).toBe(true);
    expect(mayCall({ staff: 'lading:scan', pda: true }, user(2))).toBe(false);
    expect(mayCall({ anyUser: true }, user(4))).toBe(true);
  });

  it('confines customer accounts to their own customer and answers 404 for others', () => {
    expect(customerScope(user(1))).toBeNull();
    expect(customerScope(user(3))).toBe(7);
    expect(customerScope(user(2, { customerId: null }))).toBe(-1);
    expect(() => requireAccess(user(2), { customerId: 7 })).not.toThrow();
    expect(() => requireAccess(user(1), { customerId: 9 })).not.toThrow();
    try {
      requireAccess(user(2), { customerId: 7 }, { customerId: 9 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(404);
    }
  });
});
