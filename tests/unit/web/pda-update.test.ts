import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore, type UpdateSource } from '../../../src/web/pwa.ts';

type Listener = (event: { isUpdate?: boolean }) => void;

/** Stands in for workbox-window's Workbox: the test fires its lifecycle events. */
function fakeWorkbox() {
  const listeners: Record<string, Listener[]> = {};
  const source: UpdateSource & { fire: (type: 'waiting' | 'controlling', isUpdate?: boolean) => void } = {
    addEventListener: (type, listener) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    messageSkipWaiting: vi.fn(),
    fire: (type, isUpdate = true) => {
      for (const listener of listeners[type] ?? []) listener({ isUpdate });
    },
  };
  return source;
}

function setup() {
  const reload = vi.fn();
  const store = createUpdateStore(reload);
  const wb = fakeWorkbox();
  store.connect(wb);
  return { reload, store, wb };
}

describe('the app update', () => {
  it('is offered when a new version waits, and never reloads without the user', () => {
    const { reload, store, wb } = setup();
    const seen = vi.fn();
    store.subscribe(seen);
    expect(store.getState()).toEqual({ updateReady: false, applying: false });

    wb.fire('waiting');
    expect(store.getState().updateReady).toBe(true);
    expect(seen).toHaveBeenCalled();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    // Another tab of the app accepted: the new worker takes control here too, but nothing reloads.
    wb.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(store.getState().updateReady).toBe(true);
  });

  it('on accept, activates the waiting version and reloads once it controls the page', () => {
    const { reload, store, wb } = setup();
    wb.fire('waiting');

    expect(store.accept()).toBe(true);
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ updateReady: false, applying: true });
    expect(reload).not.toHaveBeenCalled();

    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once on accept when another tab already switched to the new version', () => {
    const { reload, store, wb } = setup();
    wb.fire('waiting');
    wb.fire('controlling');
    expect(store.accept()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('ignores the first install taking control, and accept without an update', () => {
    const { reload, store, wb } = setup();
    wb.fire('controlling', false);
    expect(store.getState().updateReady).toBe(false);
    expect(store.accept()).toBe(false);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('is held back while a blocker says so (unsent scans), and offered again after', () => {
    const { reload, store, wb } = setup();
    let unsent = 3;
    const release = store.setBlocker(() => unsent > 0);
    wb.fire('waiting');
    expect(store.getState().updateReady).toBe(false);
    expect(store.accept()).toBe(false);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    unsent = 0;
    expect(store.getState().updateReady).toBe(false);
    store.refresh();
    expect(store.getState().updateReady).toBe(true);

    // New entries after the offer: accept re-asks the blockers and refuses.
    unsent = 1;
    expect(store.accept()).toBe(false);
    expect(store.getState().updateReady).toBe(false);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    release();
    expect(store.getState().updateReady).toBe(true);
    expect(store.accept()).toBe(true);
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a failing blocker as holding the update back', () => {
    const { store, wb } = setup();
    store.setBlocker(() => {
      throw new Error('outbox unreadable');
    });
    wb.fire('waiting');
    expect(store.getState().updateReady).toBe(false);
    expect(store.accept()).toBe(false);
  });
});
