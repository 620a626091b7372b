import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sniffImage } from '../../src/server/modules/image/image-sniff.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { png } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw } from './support/call.ts';

/** The start of a baseline JPEG: SOI, an APP0 segment, then a frame header. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(12)]);
}

describe('image upload', () => {
  const t = useTestApp();
  const tokens = {} as Record<keyof typeof DEMO, string>;
  beforeAll(async () => {
    for (const [name, [u, p]] of Object.entries(DEMO))
      tokens[name as keyof typeof DEMO] = await t.login(u, p);
  });
  const upload = (who: keyof typeof DEMO, name: string, content: Buffer, lang = 'en') =>
    call(t, contract.image.upload, { token: tokens[who], lang, file: { name, content, type: 'image/png' } });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a PNG once by its content and serves it back', async () => {
    const image = png(3, 2);
    const res = await upload('admin', 'photo.png', image);
    expect(res.status, res.raw).toBe(200);
    const data = res.body.data;
    expect(data.url).toMatch(/^\/files\/images\/[0-9a-f]{64}\.png$/);
    expect(data).toMatchObject({ width: 3, height: 2, size: image.length });

    const served = await get(data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);

    // The same bytes under another name, from a customer: the same file, and a record of its
    // upload for the customer (who uploaded what decides which photos it may save on records).
    const again = await upload('demo', 'copy.jpg', image);
    expect(again.status).toBe(200);
    expect(again.body.data.url).toBe(data.url);
    expect((await upload('demo', 'again.png', image)).status).toBe(200);
    const rows = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM images WHERE path = ${data.url}`,
    );
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('reads JPEG, GIF and WebP sizes from their headers', async () => {
    const jpeg = await upload('demoSub', 'scan.jpeg', jpegHeader(640, 480));
    expect(jpeg.status, jpeg.raw).toBe(200);
    expect(jpeg.body.data).toMatchObject({ width: 640, height: 480 });
    expect(jpeg.body.data.url).toMatch(/\.jpg$/);
    expect((await get(jpeg.body.data.url)).headers['content-type']).toBe('image/jpeg');

    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x20, 0x00, 0x10, 0x00]),
      Buffer.alloc(20),
    ]);
    expect(sniffImage(gif)).toMatchObject({ mime: 'image/gif', width: 32, height: 16 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(799, 24, 3);
    vp8x.writeUIntLE(599, 27, 3);
    expect(sniffImage(vp8x)).toMatchObject({ mime: 'image/webp', width: 800, height: 600 });
    const vp8l = Buffer.alloc(30);
    vp8l.write('RIFF', 0, 'latin1');
    vp8l.write('WEBPVP8L', 8, 'latin1');
    vp8l[20] = 0x2f;
    vp8l.writeUInt32LE(99 | (49 << 14), 21);
    expect(sniffImage(vp8l)).toMatchObject({ width: 100, height: 50 });
    expect(sniffImage(Buffer.from('GIF89a\0\0\0\0'))).toBeNull();
  });

  it('refuses a file that is not an image, whatever its name, and one too large', async () => {
    const text = await upload('admin', 'evil.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('The file is not a PNG, JPEG, GIF or WebP image');
    const html = await upload(
      'admin',
      'page.gif',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'cn',
    );
    expect(html.status).toBe(400);
    const big = Buffer.concat([png(1, 1), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload('admin', 'big.png', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toBe('The file is larger than 5 MB');
    const flood = await upload('admin', 'flood.png', png(20_000, 1));
    expect(flood.status).toBe(400);
    expect(flood.body.msg).toBe('The image is larger than 16384 pixels on a side');
    // No file part at all: a JSON body where the multipart form goes.
    const none = await callRaw(t, contract.image.upload, { token: tokens.admin, lang: 'en', body: {} });
    expect(none.status).toBe(400);
  });

  it('lets staff with order:edit and customers upload, not the PDA or other staff', async () => {
    expect((await upload('operator', 'a.png', png(2, 2, 10))).status).toBe(200);
    expect((await upload('other', 'b.png', png(2, 2, 20))).status).toBe(200);
    for (const who of ['pda', 'finance'] as const)
      expect((await upload(who, 'c.png', png(2, 2, 30))).status, who).toBe(403);
    const res = await call(t, contract.image.upload, { file: { name: 'a.png', content: png(1, 1) } });
    expect(res.status).toBe(401);
  });

  it('serves only stored names of the hash form: no traversal, no guessing', async () => {
    const stored = (await upload('admin', 'x.png', png(4, 4, 200))).body.data.url;
    const name = stored.split('/').pop()!;
    for (const url of [
      '/files/images/..%2F..%2F..%2Fetc%2Fpasswd',
      '/files/images/%2e%2e%2fsecret.png',
      '/files/images/../../package.json',
      `/files/images/${'a'.repeat(64)}.png`,
      `/files/images/${name.toUpperCase()}`,
      `/files/images/${name.replace('.png', '.svg')}`,
      `/files/images/${name.replace('.png', '.gif')}`,
      `/files/images/${name}%00.png`,
      '/files/images/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^image\//);
    }
  });
});
