import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MAX_IMAGE_SIDE, type UploadedImage } from '../../../shared/contract/image.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { imageMessages } from '../../../shared/i18n/image-messages.ts';
import { images } from '../../db/schema/index.ts';
import type { UploadedFile } from '../../files/import.ts';
import { hasStoredFile, storeFile } from '../../files/stored-file.ts';
import type { Ctx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { sniffImage } from './image-sniff.ts';

/** The key of an image's bytes in file_chunks. */
export const imageFileKey = (name: string) => `image:${name}`;

/** The URL path images are served under (files-route.ts); names are `<sha256>.<ext>`. */
export const IMAGE_URL_PREFIX = '/files/images/';
export const IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

/**
 * Stores an uploaded image in the database under its `<sha256>.<ext>` name, once per content: the
 * same bytes uploaded again reuse the stored file. Each account that uploads a content gets a
 * record of its own: who uploaded what decides which photos it may save on records
 * (files/image-refs.ts).
 */
export async function storeImage(ctx: Ctx, file: UploadedFile): Promise<UploadedImage> {
  const info = sniffImage(file.buffer);
  if (!info) throw new AppError(400, fileMessages.fileNotImage);
  if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE)
    throw new AppError(400, imageMessages.tooManyPixels, { values: { max: MAX_IMAGE_SIDE } });
  const sha256 = createHash('sha256').update(file.buffer).digest('hex');
  const name = `${sha256}.${info.ext}`;
  const path = `${IMAGE_URL_PREFIX}${name}`;
  const answer = { url: path, width: info.width, height: info.height, size: file.buffer.length };

  if (!(await hasStoredFile(ctx.db, imageFileKey(name))))
    await ctx.db.transaction((tx) =>
      storeFile(tx as unknown as typeof ctx.db, imageFileKey(name), file.buffer),
    );
  const [known] = await ctx.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.sha256, sha256), eq(images.uploadedBy, ctx.user.id)))
    .limit(1);
  if (!known)
    await ctx.db.insert(images).values({
      sha256,
      mime: info.mime,
      size: file.buffer.length,
      width: info.width,
      height: info.height,
      path,
      uploadedBy: ctx.user.id,
      customerId: ctx.user.customerId,
    });
  return answer;
}
