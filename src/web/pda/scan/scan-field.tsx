import { useLingui } from '@lingui/react/macro';
import { Button } from 'konsta/react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { CameraIcon, KeyboardIcon } from '../pda-icons.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import type { ScanSource } from './use-scan-session.ts';
import { useWedge } from './use-wedge.ts';

/**
 * The scan field of a scan screen. A keyboard-wedge scanner works with the focus anywhere on the
 * screen; the field keeps the focus (scanners that type through an input method need one) and
 * takes typing too: a number typed by hand goes with Enter or the button. The on-screen keyboard
 * stays closed until the keyboard button asks for it. The camera button opens the camera scanner.
 * The input is uncontrolled: a scanner types a dozen characters per scan, none of which needs a
 * render.
 */
export const ScanField = memo(function ScanField({
  onScan,
  label,
  disabled = false,
  active = true,
}: {
  /** May answer once the scan's feedback is drawn: a scanner's code leaves the field then. */
  onScan: (code: string, source: ScanSource) => Promise<unknown> | undefined;
  label: string;
  disabled?: boolean;
  /** false while a sheet over the screen takes the scanner's input instead. */
  active?: boolean;
}) {
  const { t } = useLingui();
  const [typing, setTyping] = useState(false);
  const [camera, setCamera] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  /** A scanned code still in the field, to be emptied (see below); the next key empties it first. */
  const stale = useRef<object | null>(null);

  useWedge(
    ({ code, field: target }) => {
      // Typed into the field, the burst is all there even if the device stalled it: what the
      // field holds is what Enter would have sent.
      const own = target !== null && target === field.current;
      const typed = own ? target.value.trim() : '';
      const done = onScan(typed || code, 'scanner');
      if (!own) return;
      // The code leaves the field once its feedback is drawn, in the same frame as its row. Emptied
      // at the Enter, the field needed a frame of its own (style, layout, paint), which the page
      // drew before it took the outbox write's answers: 10-20 ms of every scan at 4× CPU
      // (bench/README.md, bench/snapshot.ts, 2026-12-07 night).
      const token = {};
      stale.current = token;
      const empty = () => {
        if (stale.current !== token) return;
        stale.current = null;
        target.value = '';
      };
      if (done) void done.then(empty, empty);
      else empty();
    },
    // Uncontrolled, no key handlers: what is typed into it need not reach React.
    { enabled: active && !camera, quiet: field },
  );

  // A key or text coming while the last code is still in the field: the field is emptied first,
  // so the next code is never read with the last one before it. (Not the Enter or Tab that ended
  // the scan: this listener hears it after the scanner's.)
  useEffect(() => {
    const first = (event: Event) => {
      const input = field.current;
      if (stale.current === null || !input || event.target !== input) return;
      if (event instanceof KeyboardEvent && (event.key === 'Enter' || event.key === 'Tab')) return;
      stale.current = null;
      input.value = '';
    };
    document.addEventListener('keydown', first, true);
    document.addEventListener('beforeinput', first, true);
    return () => {
      document.removeEventListener('keydown', first, true);
      document.removeEventListener('beforeinput', first, true);
    };
  }, []);

  // The field takes the focus whenever the screen is the operator's again (a sheet or the camera closed).
  useEffect(() => {
    if (active && !camera && !disabled) field.current?.focus({ preventScroll: true });
  }, [active, camera, disabled]);

  // Scanners that type through an input method need a focused field: get it back when it is lost
  // to nothing (a tap on the page), not when another control takes it.
  useEffect(() => {
    if (!active) return;
    const refocus = () => {
      setTimeout(() => {
        if (!disabled && (document.activeElement === document.body || document.activeElement === null))
          field.current?.focus({ preventScroll: true });
      }, 0);
    };
    document.addEventListener('focusout', refocus);
    return () => document.removeEventListener('focusout', refocus);
  }, [disabled, active]);

  const closeCamera = useCallback(() => setCamera(false), []);
  const fromCamera = useCallback((code: string) => onScan(code, 'camera'), [onScan]);

  return (
    <>
      <form
        className="flex h-14 items-center gap-2 px-4 [contain:size_layout_style]"
        onSubmit={(event) => {
          event.preventDefault();
          const input = field.current;
          // An Enter while a scanned code is still in the field: that code is being taken already.
          if (!input?.value.trim() || stale.current !== null) return;
          onScan(input.value, 'typed');
          input.value = '';
        }}
      >
        <label className="sr-only" htmlFor="scan-input">
          {label}
        </label>
        <input
          id="scan-input"
          ref={field}
          data-testid="scan-input"
          // biome-ignore lint/a11y/noAutofocus: a scan screen exists to take scans; the field is its point
          autoFocus
          disabled={disabled}
          placeholder={label}
          inputMode={typing ? 'text' : 'none'}
          enterKeyHint="done"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          dir="ltr"
          className="min-h-14 min-w-0 flex-1 rounded-xl border-2 border-md-light-primary bg-white px-3 font-mono text-xl tracking-wide outline-none placeholder:font-sans placeholder:text-base placeholder:tracking-normal focus:border-md-light-primary focus:ring-4 focus:ring-md-light-primary/20 disabled:opacity-50 rtl:text-right"
        />
        <Button
          type="button"
          tonal
          inline
          className="min-h-14 min-w-14 shrink-0"
          aria-label={t`Type a number`}
          aria-pressed={typing}
          data-testid="scan-keyboard"
          onClick={() => {
            setTyping((on) => !on);
            field.current?.focus();
          }}
        >
          <KeyboardIcon />
        </Button>
        <Button
          type="button"
          inline
          className="min-h-14 min-w-14 shrink-0"
          aria-label={t`Scan with the camera`}
          data-testid="scan-camera"
          disabled={disabled}
          onClick={() => setCamera(true)}
        >
          <CameraIcon />
        </Button>
      </form>
      <CameraScanner opened={camera} onClose={closeCamera} onCode={fromCamera} />
    </>
  );
});
