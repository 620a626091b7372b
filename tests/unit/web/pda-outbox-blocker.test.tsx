// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The PWA update store, seen from the outbox: what blockers it was given. */
const pwa = vi.hoisted(() => ({
  blockers: new Set<() => boolean>(),
  changed: 0,
}));
vi.mock('../../../src/web/pwa.ts', () => ({
  setUpdateBlocker: (isBlocking: () => boolean) => {
    pwa.blockers.add(isBlocking);
    return () => pwa.blockers.delete(isBlocking);
  },
  updateBlockersChanged: () => {
    pwa.changed += 1;
  },
}));

const { outboxDb } = await import('../../../src/web/pda/outbox/db.ts');
const { OutboxProvider, useOutbox } = await import('../../../src/web/pda/outbox/outbox-context.tsx');
type Outbox = NonNullable<ReturnType<typeof useOutbox>>;

const blocked = () => [...pwa.blockers].some((b) => b());

let outbox: Outbox | null = null;
function Probe() {
  outbox = useOutbox();
  return null;
}

beforeEach(async () => {
  // Offline: nothing is sent, so what is queued stays queued.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await outboxDb().entries.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox and app updates', () => {
  it('holds a new version back while the user has unsent entries, and only then', async () => {
    const view = render(
      <OutboxProvider userId={5}>
        <Probe />
      </OutboxProvider>,
    );
    expect(pwa.blockers.size).toBe(1);
    // Nothing queued: the update may go once the count is known.
    await waitFor(() => expect(blocked()).toBe(false));
    await waitFor(() => expect(outbox).not.toBeNull());

    const entry = await act(() =>
      outbox!.enqueue({
        kind: 'lading.scan',
        target: 'lading:1',
        billId: 1,
        code: 'AB123456',
        commutes: true,
        request: { params: { id: 1 }, body: { trackingNo: 'AB123456' } },
      }),
    );
    await waitFor(() => expect(blocked()).toBe(true));

    // Another user's entries do not hold it back for this one.
    await outboxDb().entries.update(entry.id!, { userId: 6 });
    await waitFor(() => expect(blocked()).toBe(false));
    await outboxDb().entries.update(entry.id!, { userId: 5, state: 'attention' });
    await waitFor(() => expect(blocked()).toBe(true));
    await outboxDb().entries.update(entry.id!, { state: 'done' });
    await waitFor(() => expect(blocked()).toBe(false));

    view.unmount();
    expect(pwa.blockers.size).toBe(0);
  });
});
