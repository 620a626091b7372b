/** What an image's first bytes say it is. */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const ascii = (b: Buffer, at: number, text: string) =>
  b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

function png(b: Buffer): ImageInfo | null {
  if (
    b.length < 24 ||
    !b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return null;
  if (!ascii(b, 12, 'IHDR')) return null;
  return { mime: 'image/png', ext: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  if (b.length < 10 || !(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) return null;
  return { mime: 'image/gif', ext: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** Walks the JPEG segments to the first frame header (SOF0–SOF15 but DHT, JPG and DAC). */
function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return {
        mime: 'image/jpeg',
        ext: 'jpg',
        height: b.readUInt16BE(at + 5),
        width: b.readUInt16BE(at + 7),
      };
    at += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return null;
  const info = (width: number, height: number): ImageInfo => ({
    mime: 'image/webp',
    ext: 'webp',
    width,
    height,
  });
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return info(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return info((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) return info(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return null;
}

/**
 * The type and size of an image from its content (never its name): PNG, JPEG, GIF or WebP with a
 * header that gives a non-zero width and height; anything else is null.
 */
export function sniffImage(b: Buffer): ImageInfo | null {
  const info = png(b) ?? jpeg(b) ?? gif(b) ?? webp(b);
  return info && info.width > 0 && info.height > 0 ? info : null;
}
