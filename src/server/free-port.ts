import { createServer } from 'node:net';

/**
 * A TCP port of 127.0.0.1 free a moment ago (taken, then let go), for a server to listen on: the
 * embedded PostgreSQL's, and the servers the tests, the e2e runner and the benchmarks start.
 */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}
