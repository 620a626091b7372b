/**
 * The file name of a download, from its Content-Disposition header: the RFC 6266 / RFC 8187
 * `filename*` first (how Chinese and Arabic names travel), then the plain `filename`. Any folder
 * part is dropped so a name can never point elsewhere.
 */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  const fromExtended = extended ? decodeExtended(unquote(extended)) : undefined;
  if (fromExtended) return baseName(fromExtended);
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (!plain) return undefined;
  return baseName(unquote(plain)) || undefined;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** `charset'language'percent-encoded`, charset UTF-8 or ISO-8859-1. */
function decodeExtended(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // malformed percent-encoding: fall back to the plain filename
  }
  return undefined;
}

function baseName(name: string): string {
  return name.split(/[/\\]/).pop()!.trim();
}
