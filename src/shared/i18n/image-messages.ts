import type { MessageDescriptor } from './messages.ts';

/** Messages of image upload (the file type itself is refused with fileMessages.fileNotImage). */
export const imageMessages = {
  tooManyPixels: /*i18n*/ {
    id: 'image.tooManyPixels',
    message: 'The image is larger than {max} pixels on a side',
  },
  badRef: /*i18n*/ { id: 'image.badRef', message: 'This is not an uploaded image' },
  tooMany: /*i18n*/ { id: 'image.tooMany', message: 'Too many photos: at most 9 on one record' },
  notYours: /*i18n*/ {
    id: 'image.notYours',
    message: 'A photo is neither one you uploaded nor one already on this record: upload it again',
  },
} satisfies Record<string, MessageDescriptor>;
