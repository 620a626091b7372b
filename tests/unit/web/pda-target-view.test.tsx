// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/web/pwa.ts', () => ({
  setUpdateBlocker: () => () => undefined,
  updateBlockersChanged: () => undefined,
}));

const { outboxDb } = await import('../../../src/web/pda/outbox/db.ts');
const { OutboxProvider, useOutbox } = await import('../../../src/web/pda/outbox/outbox-context.tsx');
const { useTargetView } = await import('../../../src/web/pda/outbox/use-target-view.ts');
type Outbox = NonNullable<ReturnType<typeof useOutbox>>;
type View = ReturnType<typeof useTargetView>;

const KINDS = ['lading.scan'];
let outbox: Outbox | null = null;
let view: View;
let renders = 0;
function Probe() {
  outbox = useOutbox();
  view = useTargetView('lading:1', KINDS, { window: 3, codes: true });
  renders += 1;
  return null;
}

const scan = (code: string) => ({
  kind: 'lading.scan',
  target: 'lading:1',
  billId: 1,
  code,
  commutes: true,
  request: { params: { id: 1 }, body: { trackingNo: code } },
});

beforeEach(async () => {
  // Offline: nothing is sent, so what is queued stays queued.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await outboxDb().entries.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("a scan screen's view of its bill", () => {
  it('lists the newest rows and every refused one, and counts everything, kept up as it changes', async () => {
    const page = render(
      <OutboxProvider userId={5}>
        <Probe />
      </OutboxProvider>,
    );
    await waitFor(() => expect(view).toBeDefined());
    const codes = ['TN000001', 'TN000002', 'TN000003', 'TN000004', 'TN000005'];
    for (const code of codes) await act(() => outbox!.enqueueUnique(scan(code)));
    await waitFor(() => expect(view!.queued).toBe(5));
    expect(view!.rows.map((e) => e.code)).toEqual(['TN000005', 'TN000004', 'TN000003']);
    expect([...view!.codes].sort()).toEqual(codes);

    // The oldest is refused: it is listed although it is out of the window, and not in the bill.
    const first = (await outboxDb().entries.orderBy('id').first())!;
    await act(() => outboxDb().entries.update(first.id!, { state: 'attention', message: 'No such order' }));
    await waitFor(() => expect(view!.attention).toBe(1));
    expect(view!.rows.map((e) => e.code)).toEqual(['TN000005', 'TN000004', 'TN000003', 'TN000001']);
    expect(view!.codes.has('TN000001')).toBe(false);
    expect(view!.queued).toBe(4);

    // Another tab's scan and a discard here: the codes are read again.
    await act(() => outboxDb().entries.add({ ...first, id: undefined, key: 'other-tab', code: 'TN000099' }));
    await waitFor(() => expect(view!.codes.has('TN000099')).toBe(true));
    await act(() => outbox!.discard(first.id!));
    await waitFor(() => expect(view!.attention).toBe(0));
    expect(view!.rows).toHaveLength(3);

    // Another kind of entry on the bill (a confirm) takes no place in the rows of its scans.
    await act(() =>
      outbox!.enqueue({ kind: 'lading.confirm', target: 'lading:1', commutes: false, request: { body: {} } }),
    );
    await waitFor(() => expect(view!.queued).toBe(6));
    expect(view!.rows.map((e) => e.code)).toEqual(['TN000099', 'TN000005', 'TN000004']);
    page.unmount();
  });

  it('shows a scan of this tab as soon as its write has committed', async () => {
    const page = render(
      <OutboxProvider userId={5}>
        <Probe />
      </OutboxProvider>,
    );
    await waitFor(() => expect(view).toBeDefined());
    renders = 0;
    // The row is there when the write resolves, before any read of the outbox has run again.
    await act(() => outbox!.enqueueUnique(scan('TN000777')));
    expect(view!.rows[0]?.code).toBe('TN000777');
    expect(view!.queued).toBe(1);
    expect(renders).toBeGreaterThan(0);
    page.unmount();
  });
  it('reads IndexedDB again only after a pause in the scans, and shows the counts right meanwhile', async () => {
    const page = render(
      <OutboxProvider userId={5}>
        <Probe />
      </OutboxProvider>,
    );
    await waitFor(() => expect(view).toBeDefined());
    await waitFor(() => expect(outbox?.isStarted).toBe(true));
    const reads = vi.spyOn(outboxDb(), 'transaction');
    const codes = ['TN000301', 'TN000302', 'TN000303', 'TN000304', 'TN000305'];
    for (const code of codes) await act(() => outbox!.enqueueUnique(scan(code)));
    // Scans close together: shown and counted from memory, no read of the outbox in between (only
    // each scan's own read-write transaction).
    expect(reads.mock.calls.filter(([mode]) => mode === 'r')).toHaveLength(0);
    expect(view!.queued).toBe(5);
    expect(view!.rows.map((e) => e.code)).toEqual(['TN000305', 'TN000304', 'TN000303']);
    expect([...view!.codes].sort()).toEqual(codes);
    // After the pause the view reads again, and what it reads agrees.
    await waitFor(() => expect(reads.mock.calls.filter(([mode]) => mode === 'r').length).toBeGreaterThan(0), {
      timeout: 2_000,
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(view!.queued).toBe(5);
    expect(view!.rows.map((e) => e.code)).toEqual(['TN000305', 'TN000304', 'TN000303']);
    page.unmount();
  });
});
