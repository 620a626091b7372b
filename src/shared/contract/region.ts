import { get, post, staff, upload } from './core.ts';

export const region = {
  import: upload(
    '/region/import',
    'Import regions from a file; every row validated first.',
    staff('region:import'),
  ),
  list: post('/region/list', 'Regions, paged.', staff('region:view')),
  export: post('/region/export', 'Export the selected regions.', staff('region:export')),
  updateStatus: post('/region/updateStatus', 'Enable or disable regions.', staff('region:edit')),
  getRegionAllSuperior: post('/customer/region/getRegionAllSuperior', 'A region with all its ancestors.', {
    staff: 'region:view',
    customer: true,
  }),
  customerRegionList: post('/customer/region/list', "The customer's own region settings.", {
    staff: 'region:view',
    customer: true,
  }),
  customerRegionAdd: post('/customer/region/add', 'Add a customer region setting.', {
    staff: 'region:edit',
    customer: 'main',
  }),
  customerRegionUpdate: post('/customer/region/update', 'Update a customer region setting.', {
    staff: 'region:edit',
    customer: 'main',
  }),
  country: get('/region/country', 'Countries, for address pickers.', { anyUser: true }),
  nextCity: post('/region/nextCity', 'The child regions of a region.', { anyUser: true }),
  provinces: post('/region/provinces', 'Provinces of a country.', { anyUser: true }),
  citys: post('/region/citys', 'Cities of a province.', { anyUser: true }),
  districts: post('/region/districts', 'Districts of a city.', { anyUser: true }),
};
