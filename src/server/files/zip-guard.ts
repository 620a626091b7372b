import { crc32, createInflateRaw } from 'node:zlib';

/** Limits an uploaded xlsx (a zip) must stay within before any xlsx parser sees it. */
export interface ZipLimits {
  maxEntries: number;
  /** Sum of the real uncompressed sizes of all entries. */
  maxTotalBytes: number;
}

export const XLSX_LIMITS: ZipLimits = { maxEntries: 2000, maxTotalBytes: 256 * 1024 * 1024 };

export type ZipProblem = 'notZip' | 'tooManyEntries' | 'tooLarge' | 'unsupported' | 'corrupt';

export class ZipRefused extends Error {
  readonly problem: ZipProblem;
  constructor(problem: ZipProblem) {
    super(`zip refused: ${problem}`);
    this.problem = problem;
  }
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

export function looksLikeZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === LOCAL;
}

/** One entry of a zip as its central directory declares it, with its stored (compressed) bytes. */
export interface ZipEntryOf {
  name: Buffer;
  flags: number;
  method: number;
  /** DOS time and date, as stored. */
  time: number;
  date: number;
  crc: number;
  uncompressedSize: number;
  data: Buffer;
}

/**
 * The entries of a zip held in memory, read from its central directory (a local header's sizes may
 * be zero when a data descriptor follows the data). Refuses what is not a zip, is cut short, is
 * zip64 or has more than `maxEntries` entries.
 */
export function zipEntries(buf: Buffer, maxEntries = XLSX_LIMITS.maxEntries): ZipEntryOf[] {
  if (!looksLikeZip(buf)) throw new ZipRefused('notZip');
  const endAt = findEnd(buf);
  if (endAt < 0) throw new ZipRefused('corrupt');
  const count = buf.readUInt16LE(endAt + 10);
  const cdSize = buf.readUInt32LE(endAt + 12);
  const cdOffset = buf.readUInt32LE(endAt + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipRefused('unsupported'); // zip64
  if (count > maxEntries) throw new ZipRefused('tooManyEntries');
  if (cdOffset + cdSize > buf.length) throw new ZipRefused('corrupt');

  const entries: ZipEntryOf[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('corrupt');
    const compressed = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const localAt = buf.readUInt32LE(at + 42);
    if (localAt + 30 > buf.length || buf.readUInt32LE(localAt) !== LOCAL) throw new ZipRefused('corrupt');
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28);
    entries.push({
      name: buf.subarray(at + 46, at + 46 + nameLen),
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      time: buf.readUInt16LE(at + 12),
      date: buf.readUInt16LE(at + 14),
      crc: buf.readUInt32LE(at + 16),
      uncompressedSize: buf.readUInt32LE(at + 24),
      data: buf.subarray(dataAt, Math.min(buf.length, dataAt + compressed)),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * Checks a zip held in memory (uploads are size-capped) without trusting its headers: every entry
 * is inflated as a stream whose output is counted and dropped, so a zip bomb is refused as soon as
 * the real total passes the cap, with memory bounded by the stream buffers.
 */
export async function checkZip(buf: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<void> {
  let total = 0;
  for (const { method, data } of zipEntries(buf, limits.maxEntries)) {
    if (method === 0) total += data.length;
    else if (method === 8) total += await inflatedSize(data, limits.maxTotalBytes - total);
    else throw new ZipRefused('unsupported');
    if (total > limits.maxTotalBytes) throw new ZipRefused('tooLarge');
  }
}

/**
 * Flags, method, time, date, CRC, sizes and name length, which a local header holds from byte 6
 * and a central directory record from byte 8; the data descriptor flag is cleared (the sizes are
 * all here).
 */
function describeEntry(header: Buffer, at: number, e: ZipEntryOf) {
  header.writeUInt16LE(e.flags & ~0x08, at);
  header.writeUInt16LE(e.method, at + 2);
  header.writeUInt16LE(e.time, at + 4);
  header.writeUInt16LE(e.date, at + 6);
  header.writeUInt32LE(e.crc, at + 8);
  header.writeUInt32LE(e.data.length, at + 12);
  header.writeUInt32LE(e.uncompressedSize, at + 16);
  header.writeUInt16LE(e.name.length, at + 20);
}

/** An entry stored as it is (method 0), for a part a zip lacks. */
export function storedEntry(name: string, content: string): ZipEntryOf {
  const data = Buffer.from(content, 'utf8');
  return {
    name: Buffer.from(name),
    flags: 0x800,
    method: 0,
    time: 0,
    date: 0x21,
    crc: crc32(data),
    uncompressedSize: data.length,
    data,
  };
}

/**
 * A zip of these entries in this order, every size in its local header (no data descriptors) and a
 * central directory to match. The stored bytes are copied as they are: nothing is inflated.
 */
export function zipOf(entries: readonly ZipEntryOf[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    describeEntry(local, 6, e);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    describeEntry(central, 8, e);
    central.writeUInt32LE(offset, 42);
    locals.push(local, e.name, e.data);
    centrals.push(central, e.name);
    offset += 30 + e.name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === END) return i;
  return -1;
}

/** Inflates and counts; stops (and refuses) as soon as `budget` bytes are exceeded. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    let done = false;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      inflate.removeAllListeners('data');
      inflate.destroy();
      if (err) reject(err);
      else resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) finish(new ZipRefused('tooLarge'));
    });
    inflate.on('end', () => finish(null));
    inflate.on('error', () => finish(new ZipRefused('corrupt')));
    inflate.end(data);
  });
}
