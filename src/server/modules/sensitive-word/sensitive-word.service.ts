import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { SensitiveWordRecord } from '../../../shared/contract/sensitive-word.ts';
import { sensitiveWordMessages as m } from '../../../shared/i18n/sensitive-word-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { sensitiveWords, users } from '../../db/schema/index.ts';
import { notFound, rule } from '../../http/errors.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

interface WordFields {
  word: string;
  category: string;
  remark: string;
}

const selection = { w: sensitiveWords, createdBy: users.username };

function toRecord(r: {
  w: typeof sensitiveWords.$inferSelect;
  createdBy: string | null;
}): SensitiveWordRecord {
  return {
    recId: r.w.id,
    word: r.w.word,
    category: r.w.category,
    remark: r.w.remark,
    createdBy: r.createdBy,
    createdAt: r.w.createdAt.toISOString(),
    updatedAt: r.w.updatedAt.toISOString(),
  };
}

export async function listSensitiveWords(
  db: Db,
  q: { pageNo: number; pageSize: number; word?: string | undefined; category?: string | undefined },
) {
  const where: SQL[] = [];
  if (q.word) where.push(ilike(sensitiveWords.word, `%${escapeLike(q.word)}%`));
  if (q.category) where.push(ilike(sensitiveWords.category, `%${escapeLike(q.category)}%`));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(sensitiveWords)
      .leftJoin(users, eq(users.id, sensitiveWords.createdBy))
      .where(cond)
      .orderBy(asc(sensitiveWords.word))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(sensitiveWords).where(cond),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

async function getWord(db: Db, id: number): Promise<SensitiveWordRecord> {
  const [r] = await db
    .select(selection)
    .from(sensitiveWords)
    .leftJoin(users, eq(users.id, sensitiveWords.createdBy))
    .where(eq(sensitiveWords.id, id));
  if (!r) throw notFound();
  return toRecord(r);
}

/** Words are kept in lower case (the unique index ignores case too) and with single spaces. */
const normalise = (word: string) => word.replace(/\s+/g, ' ').toLowerCase();

async function assertFree(db: Db, word: string, except?: number) {
  const [clash] = await db
    .select({ id: sensitiveWords.id })
    .from(sensitiveWords)
    .where(
      and(
        sql`lower(${sensitiveWords.word}) = ${word}`,
        except === undefined ? undefined : ne(sensitiveWords.id, except),
      ),
    );
  if (clash) throw rule(m.wordTaken);
}

/** The unique index is the last word on a race between two adds of the same word. */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export async function addSensitiveWord(
  db: Db,
  userId: number,
  input: WordFields,
): Promise<SensitiveWordRecord> {
  const word = normalise(input.word);
  await assertFree(db, word);
  try {
    const id = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [row] = await tx
        .insert(sensitiveWords)
        .values({ word, category: input.category, remark: input.remark, createdBy: userId })
        .returning();
      await recordChange(tx, { entity: 'sensitiveWord', recordId: row!.id, action: 'create', after: row });
      return row!.id;
    });
    return getWord(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(m.wordTaken);
    throw err;
  }
}

export async function updateSensitiveWord(
  db: Db,
  input: WordFields & { recId: number },
): Promise<SensitiveWordRecord> {
  const word = normalise(input.word);
  await getWord(db, input.recId);
  await assertFree(db, word, input.recId);
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [before] = await tx
        .select()
        .from(sensitiveWords)
        .where(eq(sensitiveWords.id, input.recId))
        .for('update');
      const [after] = await tx
        .update(sensitiveWords)
        .set({ word, category: input.category, remark: input.remark, updatedAt: new Date() })
        .where(eq(sensitiveWords.id, input.recId))
        .returning();
      await recordChange(tx, {
        entity: 'sensitiveWord',
        recordId: input.recId,
        action: 'update',
        before,
        after,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(m.wordTaken);
    throw err;
  }
  return getWord(db, input.recId);
}

export async function deleteSensitiveWord(db: Db, id: number): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [deleted] = await tx.delete(sensitiveWords).where(eq(sensitiveWords.id, id)).returning();
    if (!deleted) throw notFound();
    await recordChange(tx, { entity: 'sensitiveWord', recordId: id, action: 'delete', before: deleted });
  });
}
