/**
 * Why a call failed.
 * - `response`: the server answered with a failure envelope (or something unreadable). `status` is
 *   the HTTP status, or 500 when the status is not a known error status; `msg` is the server's
 *   translated message, or the generic one.
 * - `network`: no answer at all (offline, DNS, connection reset, timeout). Nothing is shown to the
 *   user at this level: the caller decides (the PDA outbox keeps the entry and retries).
 */
export type ApiErrorKind = 'response' | 'network';

interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  code: number | undefined;
  msg: string;
  data?: unknown;
  timedOut?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status of a `response` failure (400, 403, 404, 409, 422, 429, 500 ...); 0 for `network`. */
  readonly status: number;
  /** The envelope's code when the body was readable (0, 6 ...). */
  readonly code: number | undefined;
  readonly msg: string;
  /** The envelope's data, e.g. `{ issues: [{ path, message }] }` on a 400. */
  readonly data: unknown;
  readonly timedOut: boolean;

  constructor(init: ApiErrorInit) {
    super(init.msg, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data ?? null;
    this.timedOut = init.timedOut ?? false;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
