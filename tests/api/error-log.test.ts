import { Readable, Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { CODE_FAIL } from '../../src/shared/contract/wire.ts';
import { useTestApp } from './support/app.ts';

/**
 * A streamed answer (a file, a compressed page or list) that fails before its first byte: the
 * server's error handler answers it. A client that went away is no fault of ours and is logged as
 * Fastify logs one that leaves mid-answer (info); a source that broke is (error), and its answer
 * is the plain JSON envelope, without the headers the failed stream had set for its body.
 */
describe('a streamed answer that fails before its first byte', () => {
  const t = useTestApp();
  const lines: { level: number; msg: string }[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    app = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'info' }, out) });
    app.get('/test/left', async (_req, reply) => {
      // The connection closes before the answer's first byte (long enough to be compressed).
      reply.raw.destroy();
      return reply.send(Readable.from(['x'.repeat(4096)]));
    });
    // Outside the API (a stored image) and in it (an export), where every answer is no-store.
    app.get('/test/broken', broken);
    app.get('/api/test/broken', broken);
    await app.ready();
  });
  afterAll(() => app?.close());

  async function broken(_req: FastifyRequest, reply: FastifyReply) {
    const source = new Readable({ read() {} });
    setImmediate(() => source.destroy(new Error('the source broke')));
    // What a stored image or a downloaded file says of its body (files-route.ts, http/bind.ts).
    return reply
      .header('content-disposition', 'attachment; filename="labels.pdf"')
      .header('content-length', '4096')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', '"abc"')
      .header('last-modified', new Date(0).toUTCString())
      .send(source);
  }

  const logged = (from: number) =>
    lines.slice(from).filter((l) => !/incoming request|request completed/.test(l.msg));

  it('logs a client that left as info, not as an error', async () => {
    const from = lines.length;
    // Nothing reaches the client, which is gone.
    await expect(app.inject({ url: '/test/left', headers: { 'accept-encoding': 'gzip' } })).rejects.toThrow(
      'destroyed',
    );
    await expect.poll(() => logged(from).map((l) => l.msg)).toEqual(['stream closed prematurely']);
    expect(logged(from).map((l) => l.level)).toEqual([30]);
  });

  it("logs a source that broke as an error and answers the plain envelope without the body's headers", async () => {
    for (const [url, encoding, cacheControl] of [
      ['/test/broken', 'gzip', undefined],
      ['/test/broken', 'identity', undefined],
      ['/api/test/broken', 'gzip', 'no-store'],
    ] as const) {
      const from = lines.length;
      const res = await app.inject({
        url,
        headers: { 'accept-encoding': encoding, 'local-lang': 'en' },
      });
      expect(res.statusCode, encoding).toBe(500);
      // Nothing the failed answer said of its body goes with the envelope.
      for (const name of ['content-encoding', 'content-disposition', 'etag', 'last-modified']) {
        expect(res.headers[name], `${encoding} ${name}`).toBeUndefined();
      }
      // The failure is never kept; an API answer says so (the hook that marks every one no-store).
      expect(res.headers['cache-control'], `${url} ${encoding}`).toBe(cacheControl);
      expect(res.headers['content-length'], encoding).toBe(String(res.rawPayload.length));
      expect(res.json(), encoding).toEqual({
        code: CODE_FAIL,
        msg: 'Unknown error please contact the administrator',
        data: null,
      });
      // (Compressed, @fastify/compress logs the broken source too.)
      expect(logged(from).map((l) => [l.level, l.msg])).toContainEqual([50, 'unhandled error']);
    }
  });
});
