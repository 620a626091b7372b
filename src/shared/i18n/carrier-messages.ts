import type { MessageDescriptor } from './messages.ts';

/**
 * Messages of carriers, their tracking nodes, our tracking settings, depots, the tracking-number
 * pool and order volume limits (server answers, import reports, template and export headers).
 */
export const carrierMessages = {
  carrierCodeTaken: /*i18n*/ {
    id: 'carrier.codeTaken',
    message: 'A carrier with code {code} already exists',
  },
  countryInvalid: /*i18n*/ { id: 'carrier.countryInvalid', message: 'Choose a country from the region list' },
  nodeCodeTaken: /*i18n*/ {
    id: 'carrier.nodeCodeTaken',
    message: 'This carrier already has a node with code {code}',
  },
  settingCodeTaken: /*i18n*/ {
    id: 'tracking.codeTaken',
    message: 'A tracking node with code {code} already exists',
  },
  importCarrierRequired: /*i18n*/ {
    id: 'trackingNo.carrierRequired',
    message: 'Choose the carrier the numbers belong to',
  },
  trackingNoInvalid: /*i18n*/ {
    id: 'trackingNo.invalid',
    message: 'Use 6 to 40 letters, digits or hyphens',
  },
  trackingNoInPool: /*i18n*/ { id: 'trackingNo.inPool', message: 'Already in the pool of {carrier}' },
  carrierUnknown: /*i18n*/ { id: 'volumeLimit.carrierUnknown', message: 'No carrier has the code {code}' },
  regionUnknown: /*i18n*/ { id: 'volumeLimit.regionUnknown', message: 'No region has the code {code}' },
  dailyLimitInvalid: /*i18n*/ {
    id: 'volumeLimit.dailyLimitInvalid',
    message: 'Enter a whole number from 0 to 1000000',
  },
  duplicatePair: /*i18n*/ {
    id: 'volumeLimit.duplicatePair',
    message: 'Same carrier and region as row {row}',
  },

  // template and export titles
  trackingNoTemplate: /*i18n*/ { id: 'trackingNo.templateTitle', message: 'Tracking number import template' },
  trackingNoExport: /*i18n*/ { id: 'trackingNo.exportTitle', message: 'Tracking number pool' },
  volumeLimitTemplate: /*i18n*/ {
    id: 'volumeLimit.templateTitle',
    message: 'Order volume limit import template',
  },
  volumeLimitExport: /*i18n*/ { id: 'volumeLimit.exportTitle', message: 'Order volume limits' },

  // column headers (templates, exports, import reports)
  colTrackingNo: /*i18n*/ { id: 'col.trackingNo', message: 'Tracking number' },
  colCarrierCode: /*i18n*/ { id: 'col.carrierCode', message: 'Carrier code' },
  colCarrierName: /*i18n*/ { id: 'col.carrierName', message: 'Carrier' },
  colRegionCode: /*i18n*/ { id: 'col.regionCode', message: 'Region code' },
  colRegionName: /*i18n*/ { id: 'col.regionName', message: 'Region' },
  colDailyLimit: /*i18n*/ { id: 'col.dailyLimit', message: 'Daily limit' },
  colState: /*i18n*/ { id: 'col.poolState', message: 'State' },
  colUsedAt: /*i18n*/ { id: 'col.usedAt', message: 'Used at' },
  colOrderId: /*i18n*/ { id: 'col.orderId', message: 'Order ID' },
  colImportedAt: /*i18n*/ { id: 'col.importedAt', message: 'Imported at' },
  colUpdatedAt: /*i18n*/ { id: 'col.updatedAt', message: 'Updated at' },
  stateUsed: /*i18n*/ { id: 'trackingNo.used', message: 'Used' },
  stateFree: /*i18n*/ { id: 'trackingNo.free', message: 'Free' },
} satisfies Record<string, MessageDescriptor>;
