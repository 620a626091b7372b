import { z } from 'zod';
import {
  endpoint,
  fileOf,
  id,
  isoTime,
  listRequest,
  optionalText,
  pageOf,
  requiredText,
  SHEET_FILE,
  text,
} from './core.ts';
import { exportStarted } from './export-task.ts';

/** Region levels (spec 3): 0 country, 1 province, 2 city, 3 district (the spec's "state"). */
export const RegionLevel = { country: 0, province: 1, city: 2, district: 3 } as const;
export const REGION_LEVELS = [0, 1, 2, 3] as const;

const level = z.coerce.number().int().min(0).max(3);
/** 1 enabled, 2 disabled. */
const status = z.coerce.number().int().min(1).max(2);

/** A region as the regions screen lists it; `name` is in the language of the request. */
export const regionRecord = z.object({
  recId: z.number().int(),
  parentId: z.number().int().nullable(),
  parentCode: z.string().nullable(),
  parentName: z.string().nullable(),
  level: z.number().int().min(0).max(3),
  code: z.string(),
  name: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  postCode: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
  /** Whether any region (enabled or not) lies below it: the tree offers to expand it. */
  hasChildren: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type RegionRecord = z.infer<typeof regionRecord>;

/**
 * What the address selectors read: enabled regions whose ancestors are all enabled, named in the
 * language of the request, in their sort order. `isLeaf` is true when no enabled region lies below.
 */
export const regionOption = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int().min(0).max(3),
  postCode: z.string(),
  isLeaf: z.boolean(),
});
export type RegionOption = z.infer<typeof regionOption>;

/** One link of a region's chain, country first. */
export const regionLink = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  level: z.number().int().min(0).max(3),
  status: z.number().int(),
});
export type RegionLink = z.infer<typeof regionLink>;

const regionFilters = {
  level: level.optional(),
  /** The children of one region. */
  parentId: id.optional(),
  /** Part of the code or of any of the three names. */
  keyword: optionalText(100),
  status: status.optional(),
};

/** A customer's address setting (customer/region/*): where it ships from, with the region chain. */
export const customerRegionRecord = z.object({
  recId: z.number().int(),
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  regionId: z.number().int(),
  /** The chain from the country down to `regionId`, for a cascader's value. */
  regionIds: z.array(z.number().int()),
  /** The same chain's names in the language of the request. */
  regionNames: z.array(z.string()),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  postCode: z.string(),
  isDefault: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type CustomerRegionRecord = z.infer<typeof customerRegionRecord>;

const customerRegionFields = {
  regionId: id,
  contact: requiredText(64),
  phone: requiredText(40).regex(/^[+\d][\d\s()-]{3,39}$/),
  address: requiredText(300),
  postCode: text(20).default(''),
  /** The default one is the customer's default sender address; setting it clears the others. */
  isDefault: z.boolean().default(false),
};

/** An address-selector lookup: every logged-in account (customers, staff, the PDA) reads them. */
const lookup = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  endpoint({
    method: 'POST',
    path,
    kind: 'json',
    summary,
    body,
    data: z.array(regionOption),
    access: { anyUser: true },
  });

export const region = {
  import: {
    ...endpoint({
      method: 'POST',
      path: '/region/import',
      kind: 'multipart',
      summary:
        'Import regions from an xlsx or csv file (code, parent code, level, names, post code, sort); every row is validated first (parent in the file or among the regions, level one below the parent, code unique) and then upserted by code in one transaction.',
      data: z.object({ importId: z.number().int(), rowCount: z.number().int() }),
      access: { staff: 'region:import' },
    }),
    file: SHEET_FILE,
  },
  template: endpoint({
    method: 'GET',
    path: '/region/download/template',
    kind: 'blob',
    summary:
      'Not in the spec: the region import template (headers in the caller language, example rows). Every import has a downloadable template, and the spec names none for regions.',
    ...fileOf('xlsx'),
    access: { staff: 'region:import' },
    beyondSpec: true,
  }),
  list: endpoint({
    method: 'POST',
    path: '/region/list',
    kind: 'json',
    summary: 'Regions, paged, filtered by level, parent, code or name, and status; in sort order.',
    body: listRequest(regionFilters).prefault({}),
    data: pageOf(regionRecord),
    access: { staff: 'region:view' },
  }),
  export: endpoint({
    method: 'POST',
    path: '/region/export',
    kind: 'json',
    summary:
      'Export the regions the filters select (the columns of the importer, plus status) as an export task.',
    body: z.object(regionFilters).strict().prefault({}),
    data: exportStarted,
    access: { staff: 'region:export' },
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/region/updateStatus',
    kind: 'json',
    summary:
      'Enable or disable several regions; a disabled region and everything below it leave the address selectors.',
    body: z.object({ recIds: z.array(id).min(1).max(1000), status }).strict(),
    data: z.object({ updated: z.number().int() }),
    access: { staff: 'region:edit' },
  }),
  getRegionAllSuperior: endpoint({
    method: 'POST',
    path: '/customer/region/getRegionAllSuperior',
    kind: 'json',
    summary: 'The chain from the country down to the given region, for pre-filling a cascader.',
    body: z.object({ regionId: id }).strict(),
    data: z.array(regionLink),
    access: { staff: 'region:view', customer: true },
  }),
  customerRegionList: endpoint({
    method: 'POST',
    path: '/customer/region/list',
    kind: 'json',
    summary:
      "A customer's address settings, default first. Customer accounts see their own customer's only; staff may filter by customer.",
    body: listRequest({ customerId: id.optional(), keyword: optionalText(100) }).prefault({}),
    data: pageOf(customerRegionRecord),
    access: { staff: 'region:view', customer: true },
  }),
  customerRegionAdd: endpoint({
    method: 'POST',
    path: '/customer/region/add',
    kind: 'json',
    summary:
      "Add an address setting: a main account for its own customer, staff for the customer named by customerId. The customer's first one becomes its default.",
    body: z.object({ customerId: id.optional(), ...customerRegionFields }).strict(),
    data: customerRegionRecord,
    access: { staff: 'region:edit', customer: 'main' },
  }),
  customerRegionUpdate: endpoint({
    method: 'POST',
    path: '/customer/region/update',
    kind: 'json',
    summary: 'Update an address setting of the caller (main account) or of any customer (staff).',
    body: z.object({ recId: id, ...customerRegionFields }).strict(),
    data: customerRegionRecord,
    access: { staff: 'region:edit', customer: 'main' },
  }),
  country: endpoint({
    method: 'GET',
    path: '/region/country',
    kind: 'json',
    summary: 'Enabled countries, for address selectors.',
    data: z.array(regionOption),
    access: { anyUser: true },
  }),
  nextCity: lookup(
    '/region/nextCity',
    'The enabled children of a region (any level), for address selectors.',
    z.object({ parentId: id }).strict(),
  ),
  provinces: lookup(
    '/region/provinces',
    'The enabled provinces of a country.',
    z.object({ countryId: id }).strict(),
  ),
  citys: lookup('/region/citys', 'The enabled cities of a province.', z.object({ provinceId: id }).strict()),
  districts: lookup(
    '/region/districts',
    'The enabled districts of a city.',
    z.object({ cityId: id }).strict(),
  ),
};
