import type { MessageDescriptor } from './messages.ts';

/** Messages of shipping channels: their segments, carriers and price rules (server answers). */
export const shippingMessages = {
  codeTaken: /*i18n*/ {
    id: 'shipping.codeTaken',
    message: 'A shipping channel with code {code} already exists',
  },
  serviceTypeInvalid: /*i18n*/ { id: 'shipping.serviceTypeInvalid', message: 'Choose a service type' },
  segmentsRequired: /*i18n*/ {
    id: 'shipping.segmentsRequired',
    message: 'Choose at least one segment',
  },
  segmentNotAllowed: /*i18n*/ {
    id: 'shipping.segmentNotAllowed',
    message: "This segment cannot be chosen for the channel's service type",
  },
  segmentTwice: /*i18n*/ { id: 'shipping.segmentTwice', message: 'Each segment can be chosen once' },
  countryInvalid: /*i18n*/ {
    id: 'shipping.countryInvalid',
    message: 'Choose a country from the region list',
  },
  carrierInvalid: /*i18n*/ {
    id: 'shipping.carrierInvalid',
    message: 'Choose an enabled carrier',
  },
  carrierTwice: /*i18n*/ { id: 'shipping.carrierTwice', message: 'Each carrier can be chosen once' },
  priceCountryTwice: /*i18n*/ {
    id: 'shipping.priceCountryTwice',
    message: 'Only one price rule per country: this country already has one',
  },
  weightRange: /*i18n*/ {
    id: 'shipping.weightRange',
    message: 'Enter a weight greater than 0 and at most {max} kg',
  },
  amountRange: /*i18n*/ {
    id: 'shipping.amountRange',
    message: 'Enter an amount from 0 to {max}',
  },
  rateRange: /*i18n*/ { id: 'shipping.rateRange', message: 'Enter a rate from 0 to 100 %' },
  limitCurrencyTwice: /*i18n*/ {
    id: 'shipping.limitCurrencyTwice',
    message: 'Only one row of limits per currency: this currency already has one',
  },
  limitRowEmpty: /*i18n*/ {
    id: 'shipping.limitRowEmpty',
    message: 'Set at least one limit for this currency, or remove the row',
  },
  declaredRangeInverted: /*i18n*/ {
    id: 'shipping.declaredRangeInverted',
    message: 'The lowest declared value is above the highest',
  },
} satisfies Record<string, MessageDescriptor>;
