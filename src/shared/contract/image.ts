import { z } from 'zod';
import { imageMessages } from '../i18n/image-messages.ts';
import { endpoint, IMAGE_FILE } from './core.ts';

/** The largest width or height accepted (a pixel-flood guard for whoever decodes the image). */
export const MAX_IMAGE_SIDE = 16_384;

export const uploadedImage = z.object({
  /** Relative (/files/images/<sha256>.<ext>); the client prefixes it with the session's fileDomain. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Bytes. */
  size: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** An uploaded image as a record keeps it: the relative URL image/upload answered. */
export const IMAGE_REF = /^\/files\/images\/[0-9a-f]{64}\.(png|jpg|gif|webp)$/;
/** The most photos one record (a goods line, an abnormal mark) holds. */
export const MAX_RECORD_IMAGES = 9;

/**
 * The photos of a record, in their order. The server also checks that each one was uploaded by the
 * caller (or, for a customer account, by its customer) or is already on the record (image-refs.ts).
 */
export const imageRefs = z
  .array(z.string().regex(IMAGE_REF, imageMessages.badRef.id))
  .max(MAX_RECORD_IMAGES, imageMessages.tooMany.id);

export const image = {
  upload: {
    ...endpoint({
      method: 'POST',
      path: '/image/upload',
      kind: 'multipart',
      summary:
        'Upload a PNG, JPEG, GIF or WebP image (checked by its content, not its name); the same content is stored once. Answers its relative URL and size.',
      data: uploadedImage,
      access: { staff: 'order:edit', customer: true, right: 'orders:create' },
    }),
    file: IMAGE_FILE,
  },
};
