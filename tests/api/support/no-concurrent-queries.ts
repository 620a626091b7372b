import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Fails a test file in which a pg client was sent a query while it was still running another:
 * typically Promise.all over one transaction's client. pg 8 queues such queries (with a deprecation
 * warning from the third one on); pg 9 refuses them. A pool hands each query its own client, so
 * only transactions (and other held clients) can do this. The report shows the statements (a
 * stack would show drizzle's frames only): run them one after another there, e.g. with `queries`
 * of src/server/db/client.ts. A client in pg's pipeline mode (the app's pool: openDatabase) is
 * meant to be sent queries while others run, answered in order, so it is not watched.
 */
const seen: string[] = [];
type Internals = { _activeQuery: unknown; _queryQueue: unknown[]; pipeline?: boolean };
const textOf = (q: unknown) =>
  String(typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? q)).slice(0, 300);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Internals, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || this._queryQueue.length > 0))
    seen.push(
      `${textOf(args[0])}\n  sent while the client ran or queued:\n${[this._activeQuery, ...this._queryQueue].map((q) => `  ${textOf(q)}`).join('\n')}`,
    );
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

afterAll(() => {
  pg.Client.prototype.query = query;
  if (seen.length)
    throw new Error(
      `a pg client was sent a query while it ran another (${seen.length}×):\n${seen.slice(0, 3).join('\n\n')}`,
    );
});
