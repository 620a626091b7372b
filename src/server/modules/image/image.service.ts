import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { MAX_IMAGE_SIDE, type UploadedImage } from '../../../shared/contract/image.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import { imageMessages } from '../../../shared/i18n/image-messages.ts';
import { images } from '../../db/schema/index.ts';
import type { UploadedFile } from '../../files/import.ts';
import type { Ctx } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { sniffImage } from './image-sniff.ts';

export const imagesDir = (dataDir: string) => join(dataDir, 'images');

/** The URL path images are served under (files-route.ts); names are `<sha256>.<ext>`. */
export const IMAGE_URL_PREFIX = '/files/images/';
export const IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

/**
 * Stores an uploaded image under DATA_DIR/images/<sha256>.<ext>, once per content: the same
 * bytes uploaded again reuse the stored file and its record.
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

  const dir = imagesDir(ctx.config.dataDir);
  const target = join(dir, name);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      writeFileSync(partial, file.buffer, { flag: 'wx' });
      renameSync(partial, target);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  const [known] = await ctx.db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.sha256, sha256))
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
