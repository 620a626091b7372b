import { msg } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { normaliseScanCode } from '../../../shared/domain/lading.ts';
import { isolate } from '../../../shared/i18n/bidi.ts';
import { i18n } from '../../i18n.ts';
import type { LocalRow } from '../outbox/entry-row.tsx';
import { SCREEN_ROWS } from '../outbox/use-target-view.ts';
import { type Feedback, giveFeedback } from './feedback.ts';
import { createRepeatFilter } from './wedge.ts';

/** What a scan came to on the device (the server's answer comes later, through the outbox). */
export interface ScanVerdict {
  feedback: Feedback;
  /** The line under the scan field. */
  message: string;
  /** Refused here and not queued: shown as a row of this screen only. */
  local?: LocalRow['state'];
}

export type ScanSource = 'scanner' | 'camera' | 'typed';

export interface LastScan {
  code: string;
  source: ScanSource;
  feedback: Feedback;
  message: string;
  at: number;
}

/**
 * A check that failed on the device (its storage refused the write: full, blocked, closed) kept
 * nothing: the operator is told so in their language, with the browser's own reason after it.
 */
const NOT_SAVED = msg({ message: 'Not saved on this device: scan it again. ({reason})' });

/** The same code again within the debounce window: taken once, and the operator hears so. */
const ALREADY_SCANNED = msg({ message: 'Already scanned' });

/** Scans refused on the device that stay listed: the latest, like the screen's outbox rows. */
const MAX_LOCAL_ROWS = SCREEN_ROWS;

/**
 * The scan pipeline of a scan screen: normalises the code, drops a repeat of the same code within
 * 2 s from the scanner or camera (with a short "already scanned" blip and banner), runs the screen's checks and queueing one scan at a time (so a
 * scan's duplicate check sees the scan before it), and gives the feedback. Refusals made here are
 * listed as rows; accepted scans show through the outbox.
 */
export function useScanSession(check: (code: string) => Promise<ScanVerdict>) {
  const [localRows, setLocalRows] = useState<LocalRow[]>([]);
  const [last, setLast] = useState<LastScan | undefined>();
  const repeats = useRef(createRepeatFilter());
  const chain = useRef<Promise<void>>(Promise.resolve());
  const checker = useRef(check);
  checker.current = check;
  const counter = useRef(0);

  /** Resolves once the scan's feedback is given (its row drawn), or at once for nothing to scan. */
  const submit = useCallback((raw: string, source: ScanSource): Promise<void> => {
    const code = normaliseScanCode(raw);
    if (!code) return Promise.resolve();
    // A typed number always counts; it still starts the window for a scanner's repeat of it.
    const now = performance.now();
    const fresh = repeats.current.accept(code, now);
    if (source !== 'typed' && !fresh) {
      if (!repeats.current.announce(now)) return Promise.resolve();
      // Behind the scans still being checked, so the banner never shows it before the first read.
      chain.current = chain.current.then(() => {
        giveFeedback('repeat');
        setLast({ code, source, feedback: 'repeat', message: i18n._(ALREADY_SCANNED), at: Date.now() });
      });
      return chain.current;
    }
    chain.current = chain.current.then(async () => {
      let verdict: ScanVerdict;
      try {
        verdict = await checker.current(code);
      } catch (error) {
        const reason = isolate(error instanceof Error ? error.message : String(error));
        verdict = {
          feedback: 'rejected',
          local: 'invalid',
          message: i18n._({ ...NOT_SAVED, values: { reason } }),
        };
      }
      giveFeedback(verdict.feedback);
      const at = Date.now();
      const shown = { code, source, feedback: verdict.feedback, message: verdict.message, at };
      if (verdict.local) {
        const row: LocalRow = {
          id: `local-${++counter.current}`,
          code,
          state: verdict.local,
          message: verdict.message,
          at: new Date(at).toISOString(),
        };
        // Rendered at once, as the outbox's new rows are (use-target-view): the refusal is the
        // operator's feedback, and the next scan waits on it.
        flushSync(() => {
          setLocalRows((rows) => [row, ...rows].slice(0, MAX_LOCAL_ROWS));
          setLast(shown);
        });
      } else setLast(shown);
    });
    return chain.current;
  }, []);

  return { submit, localRows, last };
}

/**
 * Sounds the "rejected" pattern when the server refuses an entry of this screen while it is open
 * (a scan made offline is refused when the queue drains): the screen's count of refused entries
 * went up.
 */
export function useRefusalFeedback(refused: number | undefined) {
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (refused === undefined) return;
    if (seen.current !== undefined && refused > seen.current) giveFeedback('rejected');
    seen.current = refused;
  }, [refused]);
}
