/** Spec 5: a slash, then letters, digits and @ - % _ ~ / , then an optional query and fragment. */
const SAFE_PATH = /^\/[A-Za-z0-9@\-%_~/]*(\?[^#\s]*)?(#\S*)?$/;

/** Percent-decoding rounds: enough to unwrap double and triple encoding, bounded. */
const DECODE_ROUNDS = 4;

/**
 * The `redirect` value if it is a path on this origin, else undefined. Refused: absolute and
 * protocol-relative URLs (`//host`, `/\host`, also when percent-encoded, once or several times),
 * schemes (`javascript:`), whitespace and control characters, malformed encoding.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048 || !SAFE_PATH.test(value)) return undefined;
  let decoded = value;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    if (!isLocalPath(decoded)) return undefined;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) return value;
    decoded = next;
  }
  // Still changing after several rounds: nobody encodes a real path like that.
  return undefined;
}

function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes confuse URL parsers (`/\t/host` is `//host` to a browser).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  const pathPart = path.split(/[?#]/, 1)[0]!;
  return !/^[a-z][a-z0-9+.-]*:/i.test(pathPart.slice(1));
}
