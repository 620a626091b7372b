import type { MessageDescriptor } from './messages.ts';

/** Messages of the regions domain: the region tree, its importer and exports, customer regions. */
export const regionMessages = {
  importTitle: /*i18n*/ { id: 'region.importTitle', message: 'Region import template' },
  exportTitle: /*i18n*/ { id: 'region.exportTitle', message: 'Regions' },
  colCode: /*i18n*/ { id: 'region.col.code', message: 'Region code' },
  colParentCode: /*i18n*/ { id: 'region.col.parentCode', message: 'Parent code' },
  colLevel: /*i18n*/ { id: 'region.col.level', message: 'Level (0 country, 1 province, 2 city, 3 district)' },
  colNameCn: /*i18n*/ { id: 'region.col.nameCn', message: 'Chinese name' },
  colNameEn: /*i18n*/ { id: 'region.col.nameEn', message: 'English name' },
  colNameAr: /*i18n*/ { id: 'region.col.nameAr', message: 'Arabic name' },
  colPostCode: /*i18n*/ { id: 'region.col.postCode', message: 'Post code' },
  colSort: /*i18n*/ { id: 'region.col.sort', message: 'Sort order' },
  colStatus: /*i18n*/ { id: 'region.col.status', message: 'Status' },
  enabled: /*i18n*/ { id: 'region.enabled', message: 'Enabled' },
  disabled: /*i18n*/ { id: 'region.disabled', message: 'Disabled' },
  codeFormat: /*i18n*/ {
    id: 'region.codeFormat',
    message: 'Use letters, digits, - and _ (at most 40 characters)',
  },
  levelFormat: /*i18n*/ { id: 'region.levelFormat', message: 'The level is 0, 1, 2 or 3' },
  sortFormat: /*i18n*/ { id: 'region.sortFormat', message: 'The sort order is a whole number' },
  parentMissing: /*i18n*/ {
    id: 'region.parentMissing',
    message: 'Parent code {code} is neither in the file nor among the regions',
  },
  parentRequired: /*i18n*/ {
    id: 'region.parentRequired',
    message: 'Regions below a country need a parent code',
  },
  countryHasParent: /*i18n*/ { id: 'region.countryHasParent', message: 'A country has no parent code' },
  levelMismatch: /*i18n*/ {
    id: 'region.levelMismatch',
    message: 'The level must be one below its parent (parent level {parent})',
  },
  levelChanged: /*i18n*/ {
    id: 'region.levelChanged',
    message: 'Region {code} exists at level {level}; its level cannot change',
  },
  duplicateCode: /*i18n*/ { id: 'region.duplicateCode', message: 'Same code as row {row}' },
  regionUnavailable: /*i18n*/ {
    id: 'region.unavailable',
    message: 'The region does not exist or is disabled',
  },
  customerIdRequired: /*i18n*/ { id: 'region.customerIdRequired', message: 'Choose the customer' },
} satisfies Record<string, MessageDescriptor>;
