import { useLingui } from '@lingui/react/macro';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { AccountType } from '../../../shared/domain/enums.ts';
import { useSession } from '../../session/store.ts';

/** The customer's own settings exist for customer accounts only; others get a note, not a 403 toast. */
export function CustomerOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const type = useSession()?.user.type;
  if (type === AccountType.main || type === AccountType.sub) return children;
  return (
    <Result
      status="info"
      title={t`These are a customer's own settings`}
      subTitle={t`Log in with a customer account to see them. Staff edit customers under Customers.`}
    />
  );
}
