import { get, IMAGE_FILE, post, staffOrCustomer, upload } from './core.ts';

/** Lookups every surface reads: tracking query, regions, depots, status lists, image upload. */
export const common = {
  trackingQuery: get(
    '/tracking/query/{no}',
    'Tracking events of one number (ours, the customer number or the carrier number); public, for the /search page.',
    { public: true },
  ),
  regionCountry: get('/region/country', 'Countries, for address pickers.', { anyUser: true }),
  regionNextCity: post('/region/nextCity', 'The child regions of a region.', { anyUser: true }),
  regionProvinces: post('/region/provinces', 'Provinces of a country.', { anyUser: true }),
  regionCitys: post('/region/citys', 'Cities of a province.', { anyUser: true }),
  regionDistricts: post('/region/districts', 'Districts of a city.', { anyUser: true }),
  getCustomers: post('/customer/getCustomers', 'Customers for pickers (code and name).', { staff: true }),
  depotList: post('/depot/list', 'Depots (warehouses) for pickers.', { staff: true, pda: true }),
  signingCompanyLists: get('/customer/signingCompanyLists', 'Signing companies for pickers.', {
    staff: true,
  }),
  trackingStatusList: get('/order/trackingStatusList', 'The tracking status enumeration.', { anyUser: true }),
  getShippingsByUser: get('/order/getShippingsByUser', 'Shipping channels the caller may use.', {
    staff: true,
    customer: true,
  }),
  getLastCarrierCompany: get('/carrier/getLastCarrierCompany', 'Last-mile carrier companies for pickers.', {
    staff: true,
  }),
  imageUpload: upload(
    '/image/upload',
    'Upload an image; answers its relative URL.',
    staffOrCustomer('order:edit'),
    IMAGE_FILE,
  ),
};
