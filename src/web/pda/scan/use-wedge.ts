import { type RefObject, useEffect, useRef } from 'react';
import { createWedgeRecogniser, type WedgeOptions } from './wedge.ts';

export interface WedgeScan {
  code: string;
  /** The input the burst was typed into, if any: its caller clears the burst's characters from it. */
  field: HTMLInputElement | HTMLTextAreaElement | null;
}

const isField = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** The events typing into a field makes. */
const TYPED_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'textInput',
  'input',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'select',
  'selectionchange',
] as const;

/**
 * Listens for keyboard-wedge bursts anywhere on the page while `enabled` (a scan screen is open):
 * with the focus in a field or nowhere. A recognised burst's closing Enter or Tab is stopped, so
 * it neither submits a form nor moves the focus; slower typing is left alone, so the operator can
 * still type a number into the field and press Enter.
 *
 * `quiet`: a field no React handler listens to (uncontrolled, no key handlers). The events typed
 * into it stop at the document once these listeners and the window's have had them: React's root
 * listener would walk the component tree for each (a scan's dozen characters are about a hundred
 * keyboard, input and selection events). Its form's submit still reaches React.
 */
export function useWedge(
  onScan: (scan: WedgeScan) => void,
  options: WedgeOptions & { enabled?: boolean; quiet?: RefObject<HTMLInputElement | null> } = {},
) {
  const handler = useRef(onScan);
  handler.current = onScan;
  const { enabled = true, maxGapMs, minLength, quiet } = options;

  useEffect(() => {
    if (!enabled) return;
    const recogniser = createWedgeRecogniser({ maxGapMs, minLength });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) {
        recogniser.reset();
        return;
      }
      const verdict = recogniser.key(event.key, event.keyCode, event.timeStamp);
      if (verdict.kind !== 'code') return;
      event.preventDefault();
      event.stopPropagation();
      handler.current({ code: verdict.code, field: isField(event.target) ? event.target : null });
    };
    const onInput = (event: Event) => {
      const { data, inputType } = event as InputEvent;
      const lineBreak = inputType === 'insertLineBreak' || inputType === 'insertParagraph';
      const verdict = recogniser.input(data ?? null, lineBreak, event.timeStamp);
      if (verdict.kind !== 'code') return;
      handler.current({ code: verdict.code, field: isField(event.target) ? event.target : null });
    };
    const onBlur = () => recogniser.reset();
    // Added after the two above: on the same node, they run first (a stopped event still reaches
    // every listener of the node it is at).
    const stop = (event: Event) => {
      if (quiet && event.target === quiet.current) event.stopPropagation();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('input', onInput, true);
    if (quiet) for (const type of TYPED_EVENTS) document.addEventListener(type, stop, true);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('input', onInput, true);
      if (quiet) for (const type of TYPED_EVENTS) document.removeEventListener(type, stop, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [enabled, maxGapMs, minLength, quiet]);
}
