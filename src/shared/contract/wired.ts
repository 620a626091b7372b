/**
 * A contract entry reduced to what goes on the wire, typed by the entry it stands for. Apart from
 * wire.ts (which core.ts re-exports) so that neither of the two imports the other; the import of
 * core.ts is a type only, so the browser still does not load the contract's schemas through it.
 */
import type { EndpointDef } from './core.ts';
import type { Kind, Method } from './wire.ts';

/**
 * A contract entry as a client calls it: its method, path, kind and replay flag, typed by the
 * entry (`E`) it stands for. A test checks each one against its entry.
 */
export interface Wired<E extends EndpointDef = EndpointDef> {
  method: Method;
  path: string;
  kind: Kind;
  replayable?: true;
  /** Type only: the entry this one stands for (never set). */
  readonly contract?: E;
}

/** The wire fields of entry `E` (write them as the contract has them). */
export function wired<E extends EndpointDef>(
  method: Method,
  path: string,
  more: { kind?: Kind; replayable?: true } = {},
): Wired<E> {
  return { method, path, kind: more.kind ?? 'json', ...(more.replayable ? { replayable: true } : {}) };
}
