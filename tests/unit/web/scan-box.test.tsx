// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptedAnswer, type ScanAnswer, ScanBox } from '../../../src/web/admin/kit/scan-box.tsx';
import { scanLogStore } from '../../../src/web/admin/kit/scan-log.ts';
import { printLadingLabelHref, takesScans } from '../../../src/web/admin/lading/search.ts';
import { ApiError } from '../../../src/web/api/errors.ts';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';

const refused = (msg: string, reason: string) =>
  new ApiError({
    kind: 'response',
    status: 409,
    code: 0,
    msg,
    data: { reason, trackingNo: 'X', billNo: 'LD1' },
  });

function box(scan: (code: string) => Promise<{ message: string } | ScanAnswer>, logKey = 'lading:1') {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const view = render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>
          <ScanBox
            logKey={logKey}
            label="Scan into lading bill"
            placeholder="Scan or type a tracking no"
            button="Add"
            scan={(code) => scan(code).then((r) => ('accepted' in r ? r : acceptedAnswer(r)))}
            refresh={[['lading']]}
            testId="lading-scan"
          />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
  const field = () => screen.getByLabelText('Scan into lading bill') as HTMLInputElement;
  const send = (code: string) => {
    fireEvent.change(field(), { target: { value: code } });
    fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(field(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  };
  return { field, send, invalidate, unmount: view.unmount };
}

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  scanLogStore.clearAll();
});

describe('the desk scan box (Warehouse scan, bills, overseas lading, batches, exchange)', () => {
  it('sends the trimmed number, says it was added, clears the field and reads the bill again', async () => {
    const scan = vi.fn(async (code: string) => ({ message: `Added ${code} to LD1` }));
    const { field, send, invalidate } = box(scan);
    send('  GL123456789 ');
    expect(await screen.findByText('Added GL123456789 to LD1')).toBeTruthy();
    expect(scan).toHaveBeenCalledWith('GL123456789');
    await waitFor(() => expect(field().value).toBe(''));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['lading'] });
  });

  it('shows the server’s refusal, keeps the number selected for the next scan, clears it on the next', async () => {
    const scan = vi
      .fn<(code: string) => Promise<{ message: string }>>()
      .mockRejectedValueOnce(refused('No order has the tracking no GL000000000', 'unknown'))
      .mockResolvedValueOnce({ message: 'Added GL111111111 to LD1' });
    const { field, send, invalidate } = box(scan);
    send('GL000000000');
    const alert = await screen.findByTestId('lading-scan-refusal');
    expect(alert.textContent).toContain('No order has the tracking no GL000000000');
    expect(field().value).toBe('GL000000000');
    expect([field().selectionStart, field().selectionEnd]).toEqual([0, 'GL000000000'.length]);
    expect(invalidate).not.toHaveBeenCalled();
    send('GL111111111');
    await waitFor(() => expect(scan).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('lading-scan-refusal')).toBeNull());
    await waitFor(() => expect(field().value).toBe(''));
  });

  it('takes the next scans while one is being answered: all sent, in order, none lost', async () => {
    let answer: (v: { message: string }) => void = () => {};
    const scan = vi
      .fn<(code: string) => Promise<{ message: string }>>()
      .mockImplementationOnce(() => new Promise((ok) => (answer = ok)))
      .mockImplementation(async (code) => ({ message: `Added ${code} to LD1` }));
    const { field, send } = box(scan);
    send('GL000000001');
    await waitFor(() => expect(scan).toHaveBeenCalledTimes(1));
    // The field is free at once: the scanner's next bursts do not run into the first number.
    expect(field().value).toBe('');
    send('GL000000002');
    send('GL000000003');
    expect(scan).toHaveBeenCalledTimes(1);
    answer({ message: 'Added GL000000001 to LD1' });
    await waitFor(() => expect(scan).toHaveBeenCalledTimes(3));
    expect(scan.mock.calls.map((c) => c[0])).toEqual(['GL000000001', 'GL000000002', 'GL000000003']);
    expect(await screen.findByText('Added GL000000003 to LD1')).toBeTruthy();
    expect(field().value).toBe('');
  });
});

const rows = () =>
  [...screen.getByTestId('lading-scan-log').querySelectorAll('tbody tr.ant-table-row')].map((tr) => ({
    accepted: tr.getAttribute('data-accepted'),
    text: tr.textContent ?? '',
  }));

describe('the scan box’s session log', () => {
  it('keeps every scan newest first, accepted or refused with the reason, and counts them', async () => {
    const scan = vi
      .fn<(code: string) => Promise<{ message: string }>>()
      .mockResolvedValueOnce({ message: 'Added GL111111111 to LD1' })
      .mockRejectedValueOnce(refused('No order has the tracking no GL000000000', 'unknown'))
      .mockRejectedValueOnce(refused('GL111111111 is already in LD1', 'alreadyAdded'));
    const { send } = box(scan);
    expect(screen.queryByTestId('lading-scan-log')).toBeNull();
    send('GL111111111');
    await screen.findByTestId('lading-scan-log');
    send('GL000000000');
    await waitFor(() => expect(rows()).toHaveLength(2));
    send('   ');
    send('GL111111111');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(scan).toHaveBeenCalledTimes(3);
    const [newest, middle, oldest] = rows();
    expect(newest).toMatchObject({ accepted: 'false' });
    expect(newest!.text).toContain('GL111111111 is already in LD1');
    expect(middle).toMatchObject({ accepted: 'false' });
    expect(middle!.text).toContain('GL000000000');
    expect(middle!.text).toContain('No order has the tracking no GL000000000');
    expect(oldest).toMatchObject({ accepted: 'true' });
    expect(oldest!.text).toContain('Added GL111111111 to LD1');
    expect(screen.getByTestId('lading-scan-log-accepted').textContent).toBe('1');
    expect(screen.getByTestId('lading-scan-log-refused').textContent).toBe('2');
  });

  it('survives leaving the screen and coming back, per bill, and can be cleared', async () => {
    const scan = vi.fn(async () => {
      throw refused('No order has the tracking no GL000000000', 'unknown');
    });
    const first = box(scan);
    first.send('GL000000000');
    await waitFor(() => expect(rows()).toHaveLength(1));
    // In session storage, under the user, the screen and the bill: a reload reads it back.
    const stored = Object.keys(sessionStorage).filter((k) => k.startsWith('scan-log:'));
    expect(stored).toEqual(['scan-log::lading:1']);
    expect(sessionStorage.getItem(stored[0]!)).toContain('No order has the tracking no GL000000000');
    first.unmount();
    // Another bill has a log of its own.
    const other = box(scan, 'lading:2');
    expect(screen.queryByTestId('lading-scan-log')).toBeNull();
    other.unmount();
    box(scan);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.text).toContain('No order has the tracking no GL000000000');
    fireEvent.click(screen.getByRole('button', { name: /Clear the log/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('lading-scan-log')).toBeNull());
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('scan-log:'))).toEqual([]);
  });
});

describe('lading bill labels and scans', () => {
  it('open the label page of at most 50 bills', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ recId: i + 1 }));
    expect(printLadingLabelHref([{ recId: 7 }])).toBe('/print/printLadingLabel?ids=7');
    expect(printLadingLabelHref(many).split(',')).toHaveLength(50);
  });

  it('take scans only while the bill is open and not picked up or cancelled', () => {
    expect(takesScans({ confirmState: 0, pickupStatus: 1 })).toBe(true);
    expect(takesScans({ confirmState: 1, pickupStatus: 1 })).toBe(false);
    expect(takesScans({ confirmState: 0, pickupStatus: 2 })).toBe(false);
    expect(takesScans({ confirmState: 0, pickupStatus: 3 })).toBe(false);
  });
});
