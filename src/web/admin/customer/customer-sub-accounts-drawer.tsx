import { useLingui } from '@lingui/react/macro';
import { Drawer } from 'antd';
import { SubAccounts } from '../customer-options/sub-accounts.tsx';

/**
 * A customer's sub-accounts and their rights, for staff holding customer:edit: the list and the
 * rights editor its main account has (accounts themselves are made on the account screen).
 */
export function CustomerSubAccountsDrawer({
  customerId,
  title,
  onClose,
}: {
  customerId: number | undefined;
  title: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Drawer
      open={customerId !== undefined}
      title={title ? t`Sub-accounts of ${title}` : t`Sub-accounts`}
      size={880}
      destroyOnHidden
      onClose={onClose}
      data-testid="customer-sub-accounts"
    >
      {customerId !== undefined && <SubAccounts customerId={customerId} />}
    </Drawer>
  );
}
