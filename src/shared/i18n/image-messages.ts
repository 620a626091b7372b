import type { MessageDescriptor } from './messages.ts';

/** Messages of image upload (the file type itself is refused with fileMessages.fileNotImage). */
export const imageMessages = {
  tooManyPixels: /*i18n*/ {
    id: 'image.tooManyPixels',
    message: 'The image is larger than {max} pixels on a side',
  },
} satisfies Record<string, MessageDescriptor>;
