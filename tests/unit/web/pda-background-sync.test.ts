import { afterEach, describe, expect, it } from 'vitest';
import type { SyncSession } from '../../../src/web/pda/outbox/background-sync.ts';
import { replayOutbox } from '../../../src/web/sw/outbox-sync.ts';
import { closeOutboxes, freshIdb, makeOutbox, scan } from './pda-outbox-support.ts';

/** The service worker's drain of the outbox (Background Sync), against a scripted server. */
const session: SyncSession = {
  id: 1,
  token: 'tok',
  locale: 'en',
  user: { recId: 5, username: 'pda' } as SyncSession['user'],
};

afterEach(closeOutboxes);

async function queuedScans(open: () => ReturnType<ReturnType<typeof freshIdb>>, codes: string[]) {
  // Entries made by the page while offline.
  const page = makeOutbox(open, 5, async () => undefined, { isOnline: () => false });
  for (const code of codes) await page.enqueueUnique(scan(code));
  page.stop();
}

describe('replayOutbox', () => {
  it('sends each queued entry once, with its Idempotency-Key, token and language', async () => {
    const open = freshIdb();
    await queuedScans(open, ['A1', 'A2', 'A3']);
    const seen: { url: string; key: string | null; auth: string | null; lang: string | null }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push({
        url,
        key: headers.get('Idempotency-Key'),
        auth: headers.get('Authorization'),
        lang: headers.get('local-lang'),
      });
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: { n: 1 } }), { status: 200 });
    }) as unknown as typeof fetch;
    const db = open();
    expect(await replayOutbox({ db, fetcher, session })).toEqual({ sent: 3, left: 0 });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(3);
    expect(
      seen.every(
        (s) => s.url.startsWith('/api/common/v1/lading/') && s.auth === 'Bearer tok' && s.lang === 'en',
      ),
    ).toBe(true);
    expect((await db.entries.toArray()).filter((e) => e.state === 'done').length).toBe(3);
    db.close();
  });

  it('a refusal waits for the operator; no network leaves the entries queued and rejects', async () => {
    const open = freshIdb();
    await queuedScans(open, ['B1', 'B2']);
    const db = open();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(replayOutbox({ db, fetcher: offline, session })).rejects.toThrow(/still queued/);
    expect((await db.entries.toArray()).filter((e) => e.state === 'queued').length).toBe(2);
    const refusing = (async () =>
      new Response(JSON.stringify({ code: 0, msg: 'No such order' }), {
        status: 409,
      })) as unknown as typeof fetch;
    expect(await replayOutbox({ db, fetcher: refusing, session })).toEqual({ sent: 2, left: 0 });
    const entries = await db.entries.toArray();
    expect(entries.map((e) => [e.state, e.message])).toEqual([
      ['attention', 'No such order'],
      ['attention', 'No such order'],
    ]);
    db.close();
  });

  it('an ended session stops the drain: the entries wait for the app', async () => {
    const open = freshIdb();
    await queuedScans(open, ['C1']);
    const db = open();
    const expired = (async () =>
      new Response(JSON.stringify({ code: 6, msg: 'Session ended' }), {
        status: 401,
      })) as unknown as typeof fetch;
    await expect(replayOutbox({ db, fetcher: expired, session })).rejects.toThrow(/still queued/);
    expect((await db.entries.toArray()).filter((e) => e.state === 'queued').length).toBe(1);
    db.close();
  });
});
