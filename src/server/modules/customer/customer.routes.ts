import { customer } from '../../../shared/contract/customer.ts';
import { implement } from '../../http/context.ts';
import {
  addCustomer,
  customerPickList,
  listCustomers,
  signingCompanyList,
  updateCustomer,
} from './customer.service.ts';
import { allShippings } from './customer-channels.service.ts';
import { getOptions, updateOptions } from './customer-options.service.ts';
import { editProperties, readProperties } from './customer-properties.service.ts';
import {
  createSubAccount,
  listSubAccounts,
  resetSubAccountPassword,
  saveSubRights,
  setSubAccountStatus,
} from './sub-account.service.ts';

export const customerRoutes = [
  implement(customer.list, ({ body }, ctx) => listCustomers(ctx.db, body)),
  implement(customer.add, ({ body }, ctx) => addCustomer(ctx.db, ctx.user, body)),
  implement(customer.update, ({ body }, ctx) => updateCustomer(ctx.db, body)),
  implement(customer.editCustomerProperties, ({ body }, ctx) =>
    editProperties(ctx.db, body.customerId, body.properties),
  ),
  implement(customer.listCustomerProperties, ({ body }, ctx) => readProperties(ctx.db, body.customerId)),
  implement(customer.getAllShippings, ({ query }, ctx) => allShippings(ctx.db, ctx.locale, query.customerId)),
  implement(customer.getCustomers, ({ body }, ctx) => customerPickList(ctx.db, body)),
  implement(customer.signingCompanyLists, (_i, ctx) => signingCompanyList(ctx.db)),
  implement(customer.options, (_i, ctx) => getOptions(ctx.db, ctx.user, ctx.locale)),
  implement(customer.updateOptions, ({ body }, ctx) => updateOptions(ctx.db, ctx.user, ctx.locale, body)),
  implement(customer.subAccounts, ({ body }, ctx) => listSubAccounts(ctx.db, ctx.user, body.customerId)),
  implement(customer.saveSubRights, ({ body }, ctx) => saveSubRights(ctx.db, ctx.user, body)),
  implement(customer.createSubAccount, ({ body }, ctx) => createSubAccount(ctx.db, ctx.user, body)),
  implement(customer.setSubAccountStatus, ({ body }, ctx) => setSubAccountStatus(ctx.db, ctx.user, body)),
  implement(customer.resetSubAccountPassword, ({ body }, ctx) =>
    resetSubAccountPassword(ctx.db, ctx.user, body),
  ),
];
