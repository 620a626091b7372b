// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { outboxDb } from '../../../src/web/pda/outbox/db.ts';
import { newOutboxEntry } from '../../../src/web/pda/outbox/new-entry.ts';
import { OutboxProvider, useOutbox } from '../../../src/web/pda/outbox/outbox-context.tsx';
import { type OutboxCounts, useOutboxCounts } from '../../../src/web/pda/outbox/outbox-counts.ts';
import { scan } from './pda-outbox-support.ts';

type Outbox = NonNullable<ReturnType<typeof useOutbox>>;

let outbox: Outbox | null = null;
let counts: OutboxCounts | undefined;
function Probe() {
  outbox = useOutbox();
  counts = useOutboxCounts();
  return null;
}

beforeEach(async () => {
  // Offline: nothing is sent, so what is queued stays queued.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await outboxDb().entries.clear();
  outbox = null;
  counts = undefined;
});
afterEach(() => vi.restoreAllMocks());

it("counts this tab's scans at once, and other tabs' writes once it reads again, each once", async () => {
  const view = render(
    <OutboxProvider userId={5}>
      <Probe />
    </OutboxProvider>,
  );
  await waitFor(() => expect(counts).toEqual({ queued: 0, sending: 0, attention: 0 }));
  const storage = vi.fn();
  Dexie.on.storagemutated.subscribe(storage);
  try {
    // This tab's scan: counted from memory, before any read of the outbox (none is made while the
    // scan's own task runs: the write is announced after it).
    let announcedDuringScan = 0;
    await act(async () => {
      await outbox!.enqueueUnique(scan('CNT00001', 1));
      announcedDuringScan = storage.mock.calls.length;
    });
    expect(announcedDuringScan).toBe(0);
    expect(counts?.queued).toBe(1);
    await waitFor(() => expect(storage).toHaveBeenCalled());

    // Another tab's entry (written past this tab's outbox): seen once the counts are read again.
    const other = scan('CNT00002', 1);
    await act(() =>
      outboxDb().entries.add({
        ...newOutboxEntry(other, 5, 'other-tab', new Date().toISOString()),
        target: other.target,
        code: other.code,
      }),
    );
    await waitFor(() => expect(counts?.queued).toBe(2), { timeout: 5_000 });
    // Read again, this tab's scan is not counted twice.
    await new Promise((r) => setTimeout(r, 600));
    expect(counts).toEqual({ queued: 2, sending: 0, attention: 0 });

    // A refusal written elsewhere moves one to attention.
    await act(() => outboxDb().entries.where('key').equals('other-tab').modify({ state: 'attention' }));
    await waitFor(() => expect(counts).toEqual({ queued: 1, sending: 0, attention: 1 }), { timeout: 5_000 });
  } finally {
    Dexie.on.storagemutated.unsubscribe(storage);
    view.unmount();
  }
});
