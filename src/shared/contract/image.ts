import { z } from 'zod';
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
