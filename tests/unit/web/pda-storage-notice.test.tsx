// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';
import { StorageNotice } from '../../../src/web/pda/storage-notice.tsx';

/** A browser whose storage is not kept yet and that answers `grant` when asked. */
function storage(grant: boolean) {
  const s = { persisted: vi.fn(async () => false), persist: vi.fn(async () => grant) };
  vi.stubGlobal('navigator', { ...navigator, storage: s });
  return s;
}
const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <StorageNotice />
    </I18nProvider>,
  );

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the PDA storage notice', () => {
  it('asks to keep the storage when the scanner opens, and says nothing once granted', async () => {
    const s = storage(true);
    show();
    await waitFor(() => expect(s.persist).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('storage-notice')).toBeNull();
  });

  it('says so when the browser refuses, with a way to ask again', async () => {
    const s = storage(false);
    show();
    expect((await screen.findByTestId('storage-notice')).textContent).toContain(
      'The browser may clear this app',
    );
    expect(s.persist).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Ask again' }).click();
    await waitFor(() => expect(s.persist).toHaveBeenCalledTimes(2));
  });
});
