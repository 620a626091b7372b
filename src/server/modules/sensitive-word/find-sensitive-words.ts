import type { Db } from '../../db/client.ts';
import { sensitiveWords } from '../../db/schema/index.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher for one word: a word in Latin letters matches at the start of a word of the text, so
 * "gun" flags "gunpowder" and "guns" but not "burgundy"; any other word (Chinese, Arabic) matches
 * anywhere in the text. Case is ignored.
 */
function matcherOf(word: string): RegExp {
  const latin = /^[a-z]/.test(word);
  return new RegExp(`${latin ? '(?<![a-z0-9])' : ''}${escapeRegExp(word)}`, 'iu');
}

/**
 * The sensitive words each text contains (goods names of an order), in the order of `texts`; an
 * empty list for a clean text. The list is read once per call.
 */
export async function findSensitiveWords(db: Db, texts: readonly string[]): Promise<string[][]> {
  if (texts.every((t) => !t.trim())) return texts.map(() => []);
  const words = await db.select({ word: sensitiveWords.word }).from(sensitiveWords);
  const matchers = words.map(({ word }) => ({ word, re: matcherOf(word) }));
  return texts.map((text) => {
    const plain = text.replace(/\s+/g, ' ');
    return matchers.filter((m) => m.re.test(plain)).map((m) => m.word);
  });
}
