import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../../src/shared/contract/system.ts';
import { compact } from '../../../src/web/admin/kit/search.ts';
import { saveBodyOf, withStatus } from '../../../src/web/admin/system/account/account-form.ts';
import { accountSearch, menuSearch } from '../../../src/web/admin/system/search.ts';

const user: UserRecord = {
  recId: 7,
  username: 'clerk',
  nickname: 'Clerk',
  type: 1,
  status: 1,
  customerId: null,
  customerName: null,
  email: '',
  phone: '',
  roleIds: [2, 3],
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('the account screen', () => {
  it('reads its filters and page from the URL and drops what does not parse', () => {
    expect(accountSearch.parse({ pageNo: 2, type: '3', username: 123, customerId: 'x', status: 9 })).toEqual({
      pageNo: 2,
      type: 3,
      username: '123',
      customerId: undefined,
      status: undefined,
      pageSize: undefined,
    });
    expect(accountSearch.parse({})).toEqual({
      pageNo: undefined,
      pageSize: undefined,
      username: undefined,
      type: undefined,
      status: undefined,
      customerId: undefined,
    });
    expect(menuSearch.parse({ type: 4, name: ' Acc ' })).toEqual({ type: undefined, name: 'Acc' });
    expect(compact({ username: '', type: 2, status: undefined })).toEqual({ type: 2 });
  });

  it('sends a customer only for main and sub-accounts and roles only for staff', () => {
    const values = {
      username: ' Shop.Main ',
      nickname: 'Shop',
      type: 2,
      status: 1,
      customerId: 5,
      roleIds: [2],
      password: 'secret1',
      repeatPassword: 'secret1',
    };
    expect(saveBodyOf(values)).toEqual({
      username: 'Shop.Main',
      nickname: 'Shop',
      type: 2,
      status: 1,
      customerId: 5,
      roleIds: [],
      email: '',
      phone: '',
      password: 'secret1',
    });
    const staff = saveBodyOf({ ...values, type: 1 }, 9);
    expect(staff).toMatchObject({ recId: 9, customerId: null, roleIds: [2] });
    expect(staff).not.toHaveProperty('password');
    expect(saveBodyOf({ ...values, type: 4 })).toMatchObject({ customerId: null, roleIds: [] });
  });

  it('enables and disables an account by saving it whole with the other status', () => {
    expect(withStatus(user, 2)).toEqual({
      recId: 7,
      username: 'clerk',
      nickname: 'Clerk',
      type: 1,
      status: 2,
      customerId: null,
      roleIds: [2, 3],
      email: '',
      phone: '',
    });
  });
});
