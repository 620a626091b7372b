import type { MessageDescriptor } from './messages.ts';

/** Messages of System → Jobs. */
export const jobMessages = {
  notRetryable: /*i18n*/ {
    id: 'job.notRetryable',
    message: 'Only a failed job or one waiting for its retry can be retried now (this one is {state})',
  },
} satisfies Record<string, MessageDescriptor>;
