/**
 * Keyboard-wedge scanners type a code as a burst of keystrokes, a few milliseconds apart, ending
 * in Enter or Tab. This recogniser tells such a burst from a person typing: the gaps between the
 * characters, and before the final Enter or Tab, are at most `maxGapMs`, and there are at least
 * `minLength` characters. A busy device may stall a burst once or twice (garbage collection, a
 * render): a pause of up to `stallMs` does not break a burst that has already shown itself as one
 * (three quick characters), where a person's typing starts afresh at every pause. It is pure
 * (times come in with the events), so it is tested without a browser; use-wedge.ts feeds it the
 * page's events.
 *
 * Devices that deliver characters through an input method send `keydown` with keyCode 229 (key
 * "Unidentified" or "Process") and the text in `input` events; some send a whole code in one
 * `input` event. Both count as burst characters. When a real key event already gave a character,
 * the `input` event the browser then fires for it is not counted twice.
 */
export interface WedgeOptions {
  /** Longest pause between two characters of one burst (ms). */
  maxGapMs?: number;
  /** Fewest characters a burst must have. */
  minLength?: number;
  /** Longest pause a burst survives (at most MAX_STALLS times). */
  stallMs?: number;
}

export const DEFAULT_MAX_GAP_MS = 50;
export const DEFAULT_MIN_LENGTH = 4;
export const DEFAULT_STALL_MS = 300;
/** Pauses a burst survives. */
const MAX_STALLS = 2;
/** Quick characters that make a run a burst, so that a pause no longer breaks it. */
const BURST_EVIDENCE = 3;

export type KeyVerdict =
  /** Not part of a burst, or the burst is not over: let the key do what it does. */
  | { kind: 'pass' }
  /** Enter or Tab ended a burst: the code; the caller should stop the key (no submit, no focus move). */
  | { kind: 'code'; code: string };

export interface WedgeRecogniser {
  /** A `keydown`: `key` as KeyboardEvent.key, `keyCode` as KeyboardEvent.keyCode. */
  key(key: string, keyCode: number, time: number): KeyVerdict;
  /** An `input`/`beforeinput` event's text (`data`), and whether it inserts a line break. */
  input(data: string | null, lineBreak: boolean, time: number): KeyVerdict;
  /** Forget the burst in progress (focus moved, screen closed). */
  reset(): void;
  /** The characters of the burst in progress (for tests and for cleaning an input field). */
  pending(): string;
}

const IME_KEYS = new Set(['Unidentified', 'Process']);
const TERMINATORS = new Set(['Enter', 'Tab']);

export function createWedgeRecogniser(options: WedgeOptions = {}): WedgeRecogniser {
  const maxGap = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const stallMs = Math.max(options.stallMs ?? DEFAULT_STALL_MS, maxGap);
  let chars = '';
  let last = Number.NEGATIVE_INFINITY;
  let stalls = 0;
  /**
   * A single character that a pause (up to `stallMs`) cut off from what follows: a scanner's burst
   * that stalled right after its first character. It leads the code when the run that follows
   * turns out to be a burst (a person's typing never does). Two or more characters before a pause
   * are taken for typing, as before.
   */
  let held = '';
  /** A character a key event counted, whose `input` event is still to come. */
  let echo: string | undefined;

  /** Whether a pause of `gap` keeps the burst in progress going. */
  const survives = (gap: number) =>
    gap <= maxGap || (gap <= stallMs && chars.length >= BURST_EVIDENCE && stalls < MAX_STALLS);

  function add(text: string, time: number): void {
    if (chars) {
      const gap = time - last;
      if (!survives(gap)) {
        held = chars.length === 1 && gap <= stallMs && !held ? chars : '';
        chars = '';
        stalls = held ? 1 : 0;
      } else if (gap > maxGap) stalls += 1;
    }
    chars += text;
    last = time;
  }

  function clear(): void {
    chars = '';
    last = Number.NEGATIVE_INFINITY;
    stalls = 0;
    held = '';
    echo = undefined;
  }

  function finish(time: number): KeyVerdict {
    const quick = chars !== '' && survives(time - last);
    const code = held && chars.length >= BURST_EVIDENCE ? held + chars : chars;
    clear();
    return quick && code.length >= minLength ? { kind: 'code', code } : { kind: 'pass' };
  }

  return {
    key(key, keyCode, time) {
      if (TERMINATORS.has(key) || keyCode === 13) return finish(time);
      if (keyCode === 229 || IME_KEYS.has(key)) {
        // The text follows in an input event; the key itself only keeps the burst going.
        echo = undefined;
        return { kind: 'pass' };
      }
      if (key.length === 1) {
        add(key, time);
        echo = key;
        return { kind: 'pass' };
      }
      // Shift, arrows and the like neither add to nor end a burst.
      return { kind: 'pass' };
    },
    input(data, lineBreak, time) {
      if (lineBreak) return finish(time);
      if (!data) return { kind: 'pass' };
      if (echo !== undefined && data === echo) {
        echo = undefined;
        return { kind: 'pass' };
      }
      echo = undefined;
      // A line break inside the text ends the burst, like Enter.
      const end = data.search(/[\r\n\t]/);
      if (end >= 0) {
        add(data.slice(0, end), time);
        return finish(time);
      }
      add(data, time);
      return { kind: 'pass' };
    },
    reset: clear,
    pending: () => held + chars,
  };
}

/** Ignores the same code again within `windowMs` (a scanner or camera reading one label twice). */
export const REPEAT_WINDOW_MS = 2_000;

export interface RepeatFilter {
  /** true when the code should be handled; false for a repeat within the window. */
  accept(code: string, time: number): boolean;
  /**
   * After a refused repeat: true when the operator should hear of it. Once per window, so a label
   * held under the camera (read every few frames) blips every 2 s, not at every frame.
   */
  announce(time: number): boolean;
}

export function createRepeatFilter(windowMs = REPEAT_WINDOW_MS): RepeatFilter {
  let lastCode: string | undefined;
  let lastTime = Number.NEGATIVE_INFINITY;
  let lastNotice = Number.NEGATIVE_INFINITY;
  return {
    accept(code, time) {
      const repeat = code === lastCode && time - lastTime < windowMs;
      // A label held under the scanner keeps repeating: the window runs from the latest read.
      lastCode = code;
      lastTime = time;
      if (!repeat) lastNotice = Number.NEGATIVE_INFINITY;
      return !repeat;
    },
    announce(time) {
      if (time - lastNotice < windowMs) return false;
      lastNotice = time;
      return true;
    },
  };
}
