import { createInflateRaw } from 'node:zlib';

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

/**
 * Checks a zip held in memory (uploads are size-capped) without trusting its headers: every entry
 * is inflated as a stream whose output is counted and dropped, so a zip bomb is refused as soon as
 * the real total passes the cap, with memory bounded by the stream buffers.
 */
export async function checkZip(buf: Buffer, limits: ZipLimits = XLSX_LIMITS): Promise<void> {
  if (!looksLikeZip(buf)) throw new ZipRefused('notZip');
  const endAt = findEnd(buf);
  if (endAt < 0) throw new ZipRefused('corrupt');
  const entries = buf.readUInt16LE(endAt + 10);
  const cdSize = buf.readUInt32LE(endAt + 12);
  const cdOffset = buf.readUInt32LE(endAt + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw new ZipRefused('unsupported'); // zip64
  if (entries > limits.maxEntries) throw new ZipRefused('tooManyEntries');
  if (cdOffset + cdSize > buf.length) throw new ZipRefused('corrupt');

  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('corrupt');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const localAt = buf.readUInt32LE(at + 42);
    at += 46 + nameLen + extraLen + commentLen;

    if (localAt + 30 > buf.length || buf.readUInt32LE(localAt) !== LOCAL) throw new ZipRefused('corrupt');
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28);
    const data = buf.subarray(dataAt, Math.min(buf.length, dataAt + compressed));
    if (method === 0) total += data.length;
    else if (method === 8) total += await inflatedSize(data, limits.maxTotalBytes - total);
    else throw new ZipRefused('unsupported');
    if (total > limits.maxTotalBytes) throw new ZipRefused('tooLarge');
  }
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
