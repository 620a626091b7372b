import { get, post, staff } from './core.ts';

export const customer = {
  list: post('/customer/list', 'Customers, paged.', staff('customer:view')),
  add: post('/customer/add', 'Create a customer.', staff('customer:edit')),
  update: post('/customer/update', 'Update a customer.', staff('customer:edit')),
  editCustomerProperties: post(
    '/customer/editCustomerProperties',
    'Set the properties of a customer.',
    staff('customer:edit'),
  ),
  listCustomerProperties: post(
    '/customer/listCustomerProperties',
    'The properties of a customer.',
    staff('customer:view'),
  ),
  getAllShippings: get(
    '/customer/getAllShippings',
    'Every shipping channel, for the customer editor.',
    staff('customer:view'),
  ),
  getCustomers: post('/customer/getCustomers', 'Customers for pickers (code and name).', { staff: true }),
  signingCompanyLists: get('/customer/signingCompanyLists', 'Signing companies for pickers.', {
    staff: true,
  }),
};
