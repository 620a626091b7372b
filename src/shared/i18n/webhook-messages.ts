import type { MessageDescriptor } from './messages.ts';

/** Messages of webhooks. */
export const webhookMessages = {
  customerRequired: /*i18n*/ {
    id: 'webhook.customerRequired',
    message: 'Choose the customer the endpoint is for',
  },
  urlInvalid: /*i18n*/ {
    id: 'webhook.urlInvalid',
    message: 'Enter a full web address, such as https://example.com/hooks',
  },
  httpsRequired: /*i18n*/ {
    id: 'webhook.httpsRequired',
    message: 'The address must start with https://',
  },
  privateAddress: /*i18n*/ {
    id: 'webhook.privateAddress',
    message:
      'The address {host} leads to a private, loopback or link-local network, which webhooks may not reach',
  },
  unresolvable: /*i18n*/ {
    id: 'webhook.unresolvable',
    message: 'The host {host} could not be found',
  },
} satisfies Record<string, MessageDescriptor>;
