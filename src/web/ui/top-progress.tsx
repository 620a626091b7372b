import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** Spec 2/9: the bar shows only for loads longer than 200 ms and fills over 5 seconds. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
/** Spec 9: the page-loading indicator finishes 500 ms after a page mounts. */
export const PAGE_LOADING_MS = 500;
/** How long the full bar stays before it fades out. */
const FINISH_MS = 300;

/** hidden; running: growing towards the end; done: full, fading out. */
export type ProgressPhase = 'hidden' | 'running' | 'done';

/** The bar's phase for an `active` flag that turns on and off. */
export function useProgressPhase(active: boolean, throttleMs = PROGRESS_THROTTLE_MS): ProgressPhase {
  const [phase, setPhase] = useState<ProgressPhase>('hidden');
  useEffect(() => {
    if (active) {
      if (phase === 'running') return;
      // A finishing bar that is needed again runs on at once; a new one waits out the throttle.
      const timer = setTimeout(() => setPhase('running'), phase === 'done' ? 0 : throttleMs);
      return () => clearTimeout(timer);
    }
    if (phase === 'running') {
      setPhase('done');
      return;
    }
    if (phase === 'done') {
      const timer = setTimeout(() => setPhase('hidden'), FINISH_MS);
      return () => clearTimeout(timer);
    }
  }, [active, phase, throttleMs]);
  return phase;
}

/** True from mount (and from each change of `key`) for `ms` milliseconds. */
export function usePageLoading(key: string, ms = PAGE_LOADING_MS): boolean {
  const [doneFor, setDoneFor] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setDoneFor(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return doneFor !== key;
}

/** A thin bar along the top edge (from the start side, so from the right in Arabic). */
export function TopProgress({ active }: { active: boolean }) {
  const phase = useProgressPhase(active);
  if (phase === 'hidden') return null;
  return (
    <div
      className="top-progress"
      data-phase={phase}
      data-testid="top-progress"
      role="progressbar"
      aria-hidden="true"
      style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }}
    />
  );
}

/** The top progress bar of the whole app: route loading, and the first moments of every page. */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.isLoading });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const pageLoading = usePageLoading(pathname);
  return <TopProgress active={loading || pageLoading} />;
}
