import { type Db, preparedOnce } from '../../db/client.ts';
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

/** The sensitive words' list (named: read by every order entry, planned once per connection). */
export const readSensitiveWords = (db: Db): Promise<{ word: string }[]> =>
  preparedOnce(db, 'sensitive_words', (d) =>
    d.select({ word: sensitiveWords.word }).from(sensitiveWords).prepare('sensitive_words'),
  ).execute();

/** The words of `words` each text contains, in the order of `texts`; an empty list for a clean text. */
export function matchSensitiveWords(
  words: readonly { word: string }[],
  texts: readonly string[],
): string[][] {
  const matchers = words.map(({ word }) => ({ word, re: matcherOf(word) }));
  return texts.map((text) => {
    const plain = text.replace(/\s+/g, ' ');
    return matchers.filter((m) => m.re.test(plain)).map((m) => m.word);
  });
}

/** Whether no text has anything to match (then the list is not read). */
export const blankTexts = (texts: readonly string[]): boolean => texts.every((t) => !t.trim());

/**
 * The sensitive words each text contains (goods names of an order), in the order of `texts`; an
 * empty list for a clean text. The list is read once per call.
 */
export async function findSensitiveWords(db: Db, texts: readonly string[]): Promise<string[][]> {
  if (blankTexts(texts)) return texts.map(() => []);
  return matchSensitiveWords(await readSensitiveWords(db), texts);
}
