/**
 * What the API core does on the screen is registered by the surface that owns the screen, so the
 * core imports neither the router nor a component library: the admin surface shows Ant Design
 * notifications, the PDA surface its own toasts, tests a spy.
 */

/** Shows a failed call's message to the user (spec 8: an error toast, 5 s, closable). */
export type Notifier = (msg: string) => void;

/** Called once the session is cleared after a code 6 answer, to take the user to the login page. */
export type SessionInvalidHandler = () => void;

let notifier: Notifier | undefined;
let sessionInvalidHandler: SessionInvalidHandler | undefined;

/**
 * Messages of calls that failed before any screen could show them (a route loader runs before
 * its page mounts the notifier): the next notifier shows those still fresh.
 */
const waiting: { msg: string; at: number }[] = [];
const WAIT_MS = 5_000;

/** Registers the notifier; returns a function restoring the previous one. */
export function setNotifier(next: Notifier | undefined): () => void {
  const previous = notifier;
  notifier = next;
  if (next) {
    for (const { msg, at } of waiting.splice(0)) if (Date.now() - at < WAIT_MS) next(msg);
  }
  return () => {
    if (notifier === next) notifier = previous;
  };
}

export function setSessionInvalidHandler(next: SessionInvalidHandler | undefined): () => void {
  const previous = sessionInvalidHandler;
  sessionInvalidHandler = next;
  return () => {
    if (sessionInvalidHandler === next) sessionInvalidHandler = previous;
  };
}

export function notify(msg: string): void {
  if (notifier) notifier(msg);
  else if (waiting.push({ msg, at: Date.now() }) > 3) waiting.shift();
}

export function sessionInvalid(): void {
  sessionInvalidHandler?.();
}
