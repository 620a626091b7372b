// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWedge, type WedgeScan } from '../../../src/web/pda/scan/use-wedge.ts';

afterEach(cleanup);

/** A scan field the wedge keeps quiet (or not), and another field. */
function Screen({ quiet, scans, seen }: { quiet: boolean; scans: string[]; seen: string[] }) {
  const field = useRef<HTMLInputElement>(null);
  useWedge((scan: WedgeScan) => scans.push(scan.code), { quiet: quiet ? field : undefined });
  // React handlers on both fields count what React hears.
  const heard = {
    onKeyDown: () => seen.push('keydown'),
    onKeyUp: () => seen.push('keyup'),
    onInput: () => seen.push('input'),
  };
  return (
    <>
      <input data-testid="field" ref={field} {...heard} />
      <input data-testid="other" {...heard} />
    </>
  );
}

/** Types `code` into `target` as a scanner does: each character's keydown, input and keyup, 5 ms apart, then Enter. */
function burst(target: HTMLElement, code: string) {
  let t = 0;
  const at = <E extends Event>(event: E) => {
    t += 5;
    Object.defineProperty(event, 'timeStamp', { value: t });
    target.dispatchEvent(event);
  };
  for (const key of code) {
    at(new KeyboardEvent('keydown', { key, bubbles: true }));
    at(new InputEvent('input', { data: key, inputType: 'insertText', bubbles: true }));
    at(new KeyboardEvent('keyup', { key, bubbles: true }));
  }
  at(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
}

describe('useWedge', () => {
  it('keeps what is typed into a quiet field from React, and still hears the scan', () => {
    const scans: string[] = [];
    const seen: string[] = [];
    const view = render(<Screen quiet scans={scans} seen={seen} />);
    burst(view.getByTestId('field'), 'GL0000000001');
    expect(scans).toEqual(['GL0000000001']);
    expect(seen).toEqual([]);
    // Another field on the screen is not quiet: React hears it, and the wedge too.
    burst(view.getByTestId('other'), 'GL0000000002');
    expect(scans).toEqual(['GL0000000001', 'GL0000000002']);
    expect(seen).toContain('keydown');
    expect(seen).toContain('input');
  });

  it('lets React hear a field that is not quiet', () => {
    const scans: string[] = [];
    const seen: string[] = [];
    const view = render(<Screen quiet={false} scans={scans} seen={seen} />);
    burst(view.getByTestId('field'), 'GL0000000003');
    expect(scans).toEqual(['GL0000000003']);
    expect(seen.filter((e) => e === 'keyup')).toHaveLength(12);
  });
});
