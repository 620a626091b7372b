import type { MessageDescriptor } from './messages.ts';

/** Messages of customers, their properties, channels and the customer's own options. */
export const customerMessages = {
  codeTaken: /*i18n*/ { id: 'customer.codeTaken', message: 'A customer with code {code} already exists' },
  signingCompanyInvalid: /*i18n*/ {
    id: 'customer.signingCompanyInvalid',
    message: 'Choose an enabled signing company from the list',
  },
  channelInvalid: /*i18n*/ {
    id: 'customer.channelInvalid',
    message: 'Choose shipping channels from the list',
  },
  defaultChannelNotAllowed: /*i18n*/ {
    id: 'customer.defaultChannelNotAllowed',
    message: 'Choose one of the enabled channels assigned to you',
  },
} satisfies Record<string, MessageDescriptor>;
