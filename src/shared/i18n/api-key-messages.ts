import type { MessageDescriptor } from './messages.ts';

/** Messages of API keys. */
export const apiKeyMessages = {
  customerRequired: /*i18n*/ {
    id: 'apiKey.customerRequired',
    message: 'Choose the customer the key is for',
  },
  noMainAccount: /*i18n*/ {
    id: 'apiKey.noMainAccount',
    message: 'This customer has no enabled main account for the key to act as',
  },
  expiryInPast: /*i18n*/ {
    id: 'apiKey.expiryInPast',
    message: 'The expiry must be in the future',
  },
} satisfies Record<string, MessageDescriptor>;
