import { get, post, staff } from './core.ts';

export const shipping = {
  list: post('/shipping/list', 'Shipping channels, paged.', staff('shipping:view')),
  save: post('/shipping/save', 'Create a shipping channel.', staff('shipping:edit')),
  update: post('/shipping/update', 'Update a shipping channel.', staff('shipping:edit')),
  enable: post('/shipping/enable', 'Enable shipping channels.', staff('shipping:edit')),
  disable: post('/shipping/disable', 'Disable shipping channels.', staff('shipping:edit')),
  listSimple: post('/shipping/list/simple', 'Shipping channels for pickers.', { staff: true }),
  optionalCarrier: post('/shipping/optionalCarrier', 'Carriers a channel may use.', staff('shipping:view')),
  view: get('/shipping/view/{shippingId}', 'One shipping channel.', staff('shipping:view')),
  getShippingsByUser: get('/order/getShippingsByUser', 'Shipping channels the caller may use.', {
    staff: true,
    customer: true,
  }),
};
