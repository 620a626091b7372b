import { and, eq, inArray, or } from 'drizzle-orm';
import { imageMessages } from '../../shared/i18n/image-messages.ts';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema/index.ts';
import type { AuthUser } from '../http/context.ts';
import { invalid } from '../http/errors.ts';

/**
 * Which of `refs` the caller uploaded (a customer account: any account of its customer uploaded),
 * in one query: what order/createBatch checks its goods lines' photos against.
 */
export async function ownImages(db: Db, user: AuthUser, refs: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(refs)];
  if (!wanted.length) return new Set();
  const mine = await db
    .selectDistinct({ path: images.path })
    .from(images)
    .where(
      and(
        inArray(images.path, wanted),
        user.customerId !== null
          ? or(eq(images.uploadedBy, user.id), eq(images.customerId, user.customerId))
          : eq(images.uploadedBy, user.id),
      ),
    );
  return new Set(mine.map((r) => r.path));
}

/**
 * The photos a caller may save on a record (`path` names the field for the error): each one either
 * is already on the record (`kept`) or was uploaded by the caller, or, for a customer account, by
 * an account of its customer. A URL is never taken on trust: image names are content hashes any
 * account could copy from a record it sees, and saving one would show that content on another
 * record. Answers the photos without repeats, in their order; refuses with 400 otherwise.
 */
export async function allowedImages(
  db: Db,
  user: AuthUser,
  refs: readonly string[],
  kept: readonly string[],
  path: string,
): Promise<string[]> {
  const wanted = [...new Set(refs)];
  const fresh = wanted.filter((r) => !kept.includes(r));
  if (!fresh.length) return wanted;
  const known = await ownImages(db, user, fresh);
  const missing = fresh.findIndex((r) => !known.has(r));
  if (missing >= 0) throw invalid([{ path, descriptor: imageMessages.notYours }]);
  return wanted;
}
