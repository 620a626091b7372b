import pg from 'pg';
import { afterAll } from 'vitest';

/**
 * Fails a test file in which a pg client not in pipeline mode was sent a query while it was still
 * running another: pg 8 queues such queries (with a deprecation warning from the third one on);
 * pg 9 refuses them. The app's pool runs in pipeline mode (openDatabase), where sending queries
 * while others run is the point (they share a round trip and are answered in order), so this
 * watches the other clients, e.g. a test's own. The report shows the statements.
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
