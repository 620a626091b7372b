/**
 * PostgreSQL stores no NUL character (in text or jsonb) and jsonb no unpaired UTF-16 surrogate:
 * input holding one is refused at the door with a field path, instead of failing in the database.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnstorable = (s: string): boolean => UNSTORABLE.test(s);

/** The path of the first string (or object key) in `value` that cannot be stored, or null. */
export function unstorablePath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isUnstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = unstorablePath(v, [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (isUnstorable(k)) return [...path, k];
      const found = unstorablePath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
