/**
 * What goes on the wire, without the schemas: the base path, the envelope's codes and the path
 * filling. core.ts re-exports all of it; the browser imports it from here, so a surface that only
 * calls endpoints (the PDA) does not load the validation library with the contract's schemas.
 */

/** The API base every call goes to; the web client may override it at build time. */
export const API_BASE = '/api/common/v1';

export type Method = 'GET' | 'POST';
export type Kind = 'json' | 'multipart' | 'blob';

export const CODE_OK = 1;
export const CODE_FAIL = 0;
export const CODE_SESSION_INVALID = 6;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * `data.reason` of the 409 a replayable call answers while an earlier request with the same
 * Idempotency-Key is still running: the sender retries later (the PDA outbox).
 */
export const IDEMPOTENCY_IN_FLIGHT = 'idempotencyInFlight';

/** `/lading/scanTrackingNo/{id}` → `/lading/scanTrackingNo/:id` (Fastify and the router). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{name}` parameters, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
