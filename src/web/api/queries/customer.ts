import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { customer } from '../../../shared/contract/customer.ts';
import { callApi } from '../client.ts';

export type CustomerFilters = NonNullable<Body<typeof customer.list>>;
export type CustomerSave = Body<typeof customer.add> & { recId?: number | undefined };

/**
 * Customers (info/customer): the list, properties, channel flags and pickers; and the customer's
 * own options (user/options). Channel names follow the UI language, so those keys carry the locale.
 */
export const customerKeys = {
  all: () => ['customer'] as const,
  list: () => [...customerKeys.all(), 'list'] as const,
  options: () => [...customerKeys.all(), 'own-options'] as const,
  subAccounts: () => [...customerKeys.all(), 'sub-accounts'] as const,
};

export const customerQueries = {
  list: (filters: CustomerFilters) =>
    queryOptions({
      queryKey: [...customerKeys.list(), filters] as const,
      queryFn: ({ signal }) => callApi(customer.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  properties: (customerId: number) =>
    queryOptions({
      queryKey: [...customerKeys.all(), 'properties', customerId] as const,
      queryFn: ({ signal }) => callApi(customer.listCustomerProperties, { body: { customerId }, signal }),
    }),
  /** Every channel, flagged for one customer (none flagged for a new customer). */
  shippings: (locale: string, customerId: number | undefined) =>
    queryOptions({
      queryKey: [...customerKeys.all(), 'shippings', locale, customerId ?? 0] as const,
      queryFn: ({ signal }) =>
        callApi(customer.getAllShippings, { query: customerId ? { customerId } : {}, signal }),
    }),
  signingCompanies: () =>
    queryOptions({
      queryKey: [...customerKeys.all(), 'signing-companies'] as const,
      queryFn: ({ signal }) => callApi(customer.signingCompanyLists, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Customers for pickers (code and name). */
  picker: () =>
    queryOptions({
      queryKey: [...customerKeys.all(), 'picker'] as const,
      queryFn: ({ signal }) => callApi(customer.getCustomers, { body: {}, signal }),
      staleTime: 60_000,
    }),
  /** The caller's own customer options (customer accounts). */
  own: (locale: string) =>
    queryOptions({
      queryKey: [...customerKeys.options(), locale] as const,
      queryFn: ({ signal }) => callApi(customer.options, { signal }),
    }),
  /** The sub-accounts with their rights: a main account's own, for staff those of `customerId`. */
  subAccounts: (customerId?: number) =>
    queryOptions({
      queryKey: [...customerKeys.subAccounts(), customerId ?? 0] as const,
      queryFn: ({ signal }) =>
        callApi(customer.subAccounts, { body: customerId ? { customerId } : {}, signal }),
    }),
};

export const customerMutations = {
  save: () =>
    mutationOptions({
      mutationFn: ({ recId, mainAccount, ...body }: CustomerSave) =>
        recId === undefined
          ? callApi(customer.add, { body: { ...body, ...(mainAccount ? { mainAccount } : {}) } })
          : callApi(customer.update, { body: { ...body, recId } }),
    }),
  editProperties: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.editCustomerProperties>) =>
        callApi(customer.editCustomerProperties, { body }),
    }),
  updateOwn: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.updateOptions>) => callApi(customer.updateOptions, { body }),
    }),
  saveSubRights: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.saveSubRights>) => callApi(customer.saveSubRights, { body }),
    }),
  createSubAccount: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.createSubAccount>) =>
        callApi(customer.createSubAccount, { body }),
    }),
  setSubAccountStatus: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.setSubAccountStatus>) =>
        callApi(customer.setSubAccountStatus, { body }),
    }),
  resetSubAccountPassword: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof customer.resetSubAccountPassword>) =>
        callApi(customer.resetSubAccountPassword, { body }),
    }),
};
