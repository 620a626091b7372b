// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';
import { type ScanVerdict, useScanSession } from '../../../src/web/pda/scan/use-scan-session.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);

afterAll(async () => {
  await activateLocale('en');
});

describe('useScanSession', () => {
  it('tells the operator in their language that a scan the device could not store was not saved, lists it, and goes on', async () => {
    await activateLocale('ar', ['pda']);
    const checked: string[] = [];
    const check = async (code: string): Promise<ScanVerdict> => {
      checked.push(code);
      if (code === 'GL0000000001') throw new DOMException('Quota exceeded', 'QuotaExceededError');
      return { feedback: 'accepted', message: 'ok' };
    };
    const { result } = renderHook(() => useScanSession(check), { wrapper });
    await act(() => result.current.submit('GL0000000001', 'scanner'));
    await waitFor(() => expect(result.current.last?.code).toBe('GL0000000001'));
    expect(result.current.last?.feedback).toBe('rejected');
    // The Arabic sentence, the browser's own reason isolated inside it.
    expect(result.current.last?.message).toBe(
      'لم يُحفظ على هذا الجهاز: امسحه مرة أخرى. (\u2068Quota exceeded\u2069)',
    );
    expect(result.current.localRows.map((r) => [r.code, r.state])).toEqual([['GL0000000001', 'invalid']]);
    // The scan after it is checked as usual.
    await act(() => result.current.submit('GL0000000002', 'scanner'));
    await waitFor(() => expect(result.current.last?.code).toBe('GL0000000002'));
    expect(result.current.last?.message).toBe('ok');
    expect(checked).toEqual(['GL0000000001', 'GL0000000002']);
  });
});
