/** A job a server process runs now and again on a timer (the COD push, the analysis rollup). */
export interface Repeating {
  /** One run (the timer calls it; tests may too). */
  tick(): Promise<void>;
  /** Stops the timer and waits for a run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` now and then `everyMs` after each run ends (never two at once), until stopped; a
 * failed run is reported to `failed` and the next one comes as usual. The timer keeps no process alive.
 */
export function repeat(
  tick: () => Promise<void>,
  everyMs: number,
  failed: (err: unknown) => void,
): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = tick()
      .catch(failed)
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(loop, everyMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(loop, 0);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
