// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';
import { ScanField } from '../../../src/web/pda/scan/scan-field.tsx';

afterEach(cleanup);

let t = 0;
/** A scanner's burst into the field: each character's keydown, the character in the field, 5 ms apart; Enter. */
function burst(field: HTMLInputElement, code: string) {
  const at = <E extends Event>(event: E) => {
    t += 5;
    Object.defineProperty(event, 'timeStamp', { value: t });
    field.dispatchEvent(event);
  };
  for (const key of code) {
    at(new KeyboardEvent('keydown', { key, bubbles: true }));
    field.value += key;
    at(new InputEvent('input', { data: key, inputType: 'insertText', bubbles: true }));
  }
  at(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
  t += 1_000;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

it('keeps a scanned code in the field until its feedback is drawn, and never reads it with the next', async () => {
  await activateLocale('en');
  const scans: string[] = [];
  const pending: ReturnType<typeof deferred>[] = [];
  const onScan = (code: string) => {
    scans.push(code);
    const d = deferred();
    pending.push(d);
    return d.promise;
  };
  const view = render(
    <I18nProvider i18n={i18n}>
      <ScanField label="Scan" onScan={onScan} />
    </I18nProvider>,
  );
  const field = view.getByTestId('scan-input') as HTMLInputElement;

  burst(field, 'GL0000000001');
  expect(scans).toEqual(['GL0000000001']);
  // Emptied with the feedback (the same frame as the row), not at the Enter.
  expect(field.value).toBe('GL0000000001');
  await act(async () => pending[0]!.resolve());
  expect(field.value).toBe('');

  // The next scan comes before the last one's feedback: its first key empties the field first.
  burst(field, 'GL0000000002');
  expect(field.value).toBe('GL0000000002');
  burst(field, 'GL0000000003');
  expect(scans).toEqual(['GL0000000001', 'GL0000000002', 'GL0000000003']);
  // The earlier scan's feedback does not empty the field of a later code.
  await act(async () => pending[1]!.resolve());
  expect(field.value).toBe('GL0000000003');
  await act(async () => pending[2]!.resolve());
  expect(field.value).toBe('');
});
