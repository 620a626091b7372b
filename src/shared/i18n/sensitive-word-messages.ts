import type { MessageDescriptor } from './messages.ts';

/** Messages of the sensitive-word list (customs). */
export const sensitiveWordMessages = {
  wordTaken: /*i18n*/ { id: 'sensitiveWord.taken', message: 'This sensitive word is already in the list' },
} satisfies Record<string, MessageDescriptor>;
