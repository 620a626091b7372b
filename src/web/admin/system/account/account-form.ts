import type { Body } from '../../../../shared/contract/core.ts';
import type { system, UserRecord } from '../../../../shared/contract/system.ts';
import { AccountType, Enabled } from '../../../../shared/domain/enums.ts';
import { needsCustomer } from '../labels.ts';

export type UserSaveBody = Body<typeof system.userSave>;

/** What the account editor holds. */
export interface AccountFormValues {
  username: string;
  nickname?: string | undefined;
  type: number;
  status: number;
  customerId?: number | null | undefined;
  roleIds?: number[] | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  password?: string | undefined;
  repeatPassword?: string | undefined;
}

export const NEW_ACCOUNT: Partial<AccountFormValues> = {
  type: AccountType.admin,
  status: Enabled.enabled,
  roleIds: [],
};

export function formValuesOf(user: UserRecord): AccountFormValues {
  return {
    username: user.username,
    nickname: user.nickname,
    type: user.type,
    status: user.status,
    customerId: user.customerId,
    roleIds: user.roleIds,
    email: user.email,
    phone: user.phone,
  };
}

/**
 * The save call's body: only customer accounts carry a customer and only staff accounts carry
 * roles (the server grants customer and PDA accounts their menus by type).
 */
export function saveBodyOf(values: AccountFormValues, recId?: number): UserSaveBody {
  const body: UserSaveBody = {
    username: values.username.trim(),
    nickname: values.nickname?.trim() ?? '',
    type: values.type,
    status: values.status,
    customerId: needsCustomer(values.type) ? (values.customerId ?? null) : null,
    roleIds: values.type === AccountType.admin ? (values.roleIds ?? []) : [],
    email: values.email?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
  };
  if (recId !== undefined) body.recId = recId;
  else body.password = values.password;
  return body;
}

/** The same account with another status (enable / disable from the list). */
export function withStatus(user: UserRecord, status: number): UserSaveBody {
  return { ...saveBodyOf(formValuesOf(user), user.recId), status };
}
