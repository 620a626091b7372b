import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AccountType, MenuType } from '../../../shared/domain/enums.ts';

export const ACCOUNT_TYPE_LABELS: Record<number, MessageDescriptor> = {
  [AccountType.admin]: msg`Admin`,
  [AccountType.main]: msg`Main account`,
  [AccountType.sub]: msg`Sub-account`,
  [AccountType.pda]: msg`PDA account`,
};

export const MENU_TYPE_LABELS: Record<number, MessageDescriptor> = {
  [MenuType.level1]: msg`First-level menu`,
  [MenuType.level2]: msg`Second-level menu`,
  [MenuType.button]: msg`Button`,
};

/** Account types 2 and 3 belong to a customer. */
export const needsCustomer = (type: number | undefined): boolean =>
  type === AccountType.main || type === AccountType.sub;
