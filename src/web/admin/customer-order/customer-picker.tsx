import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { AccountType } from '../../../shared/domain/enums.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { useSession } from '../../session/store.ts';
import { namedOptions } from '../kit/text.ts';

/** Customer accounts act for their own customer; staff choose the customer an order or a file is for. */
export function useIsStaff(): boolean {
  return useSession()?.user.type === AccountType.admin;
}

/**
 * Where the order entry screens are for this account: the Customer centre's for a customer, the
 * Orders menu's for staff (who never see the Customer centre).
 */
export function useEntryPaths() {
  return useIsStaff()
    ? ({
        batch: '/admin/order/batch',
        importRecord: '/admin/order/importRecord',
        list: '/admin/order/list',
      } as const)
    : ({
        batch: '/admin/user/order/batch',
        importRecord: '/admin/user/order/importRecord',
        list: '/admin/user/order/list',
      } as const);
}

export function CustomerPicker({
  value,
  onChange,
  id,
}: {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) {
  const { t } = useLingui();
  const list = useQuery(customerQueries.picker());
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={list.isLoading}
      placeholder={t`Select the customer`}
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      style={{ minInlineSize: 240 }}
      options={namedOptions(list.data)}
    />
  );
}
