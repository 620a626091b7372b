import type { auth } from '../../shared/contract/auth.ts';
import type { Body, Data, EndpointDef, Params, Query } from '../../shared/contract/core.ts';
import { API_BASE, CODE_OK, CODE_SESSION_INVALID, fillPath } from '../../shared/contract/wire.ts';
import type { Wired } from '../../shared/contract/wired.ts';
import { messages } from '../../shared/i18n/messages.ts';
import { currentLocale, i18n } from '../i18n.ts';
import { clearSession, getSession, setSession } from '../session/store.ts';
import { filenameFromDisposition } from './content-disposition.ts';
import { ApiError } from './errors.ts';
import { notify, sessionInvalid } from './handlers.ts';
import { wire } from './wire-endpoints.ts';

/** Spec 9: every call, exports included, may take up to 10 minutes. */
export const REQUEST_TIMEOUT_MS = 600_000;

/** Spec 8: a success answer's code 1 reaches the caller as 200. */
export const SUCCESS_CODE = 200;

/** A successful answer as the caller sees it. */
export interface ApiResult<T> {
  code: typeof SUCCESS_CODE;
  msg: string;
  data: T;
}

/** A downloaded file (blob endpoints). */
export interface Download {
  blob: Blob;
  /** From Content-Disposition (`filename*` first); `download` when the server named none. */
  filename: string;
}

export interface CallOptions {
  /** Cancels the call (TanStack Query passes one); the rejection is then the signal's reason. */
  signal?: AbortSignal;
  /** Leave the failure toast to the caller, which shows the error its own way. */
  silent?: boolean;
  timeoutMs?: number;
  /** Sent as Idempotency-Key on a replayable call (the PDA outbox passes its entry's UUID). */
  idempotencyKey?: string;
}

/** A part of the request is required exactly when its schema does not accept `undefined`. */
type Part<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<E extends EndpointDef> = Part<'params', Params<E>> &
  Part<'query', Query<E>> &
  Part<'body', Body<E>> & {
    /** The multipart form of an upload endpoint (a `file` field plus text fields). */
    form?: FormData;
  } & CallOptions;

/** The input argument may be left out when nothing in it is required. */
type InputArgs<E extends EndpointDef> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A contract entry, or its wire fields (wire-endpoints.ts): the client reads no more of it. */
export type Callee<E extends EndpointDef> = E | Wired<E>;

interface Envelope {
  code: unknown;
  msg: unknown;
  data: unknown;
}

/**
 * Calls a JSON or multipart endpoint of the contract and resolves with its `data`.
 * Failures reject with an ApiError (see errors.ts) after the notifier showed the server's message.
 */
export async function callApi<E extends EndpointDef>(
  endpoint: Callee<E>,
  ...[input]: InputArgs<E>
): Promise<Data<E>> {
  return (await requestApi(endpoint, ...([input] as InputArgs<E>))).data;
}

/** Like callApi, for callers that also want the success message: `{ code: 200, msg, data }`. */
export async function requestApi<E extends EndpointDef>(
  endpoint: Callee<E>,
  ...[input]: InputArgs<E>
): Promise<ApiResult<Data<E>>> {
  if (endpoint.kind === 'blob') throw new TypeError(`${endpoint.path} is a download: use downloadApi`);
  const answer = await send(endpoint, (input ?? {}) as RawInput);
  return answer as ApiResult<Data<E>>;
}

/** Calls a blob endpoint and resolves with the file and its name. */
export async function downloadApi<E extends EndpointDef>(
  endpoint: Callee<E>,
  ...[input]: InputArgs<E>
): Promise<Download> {
  if (endpoint.kind !== 'blob') throw new TypeError(`${endpoint.path} is not a download: use callApi`);
  return (await send(endpoint, (input ?? {}) as RawInput)) as Download;
}

interface RawInput extends CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

const apiBase = () => (import.meta.env.VITE_API_BASE ?? API_BASE).replace(/\/$/, '');

function urlOf(endpoint: Wired, input: RawInput): string {
  const url = apiBase() + fillPath(endpoint.path, input.params);
  if (!input.query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function requestInit(endpoint: Wired, input: RawInput, token: string | undefined): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'local-lang': currentLocale() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (input.idempotencyKey) headers.set('Idempotency-Key', input.idempotencyKey);
  let body: BodyInit | undefined;
  if (endpoint.kind === 'multipart') {
    // The browser writes the multipart Content-Type with its boundary.
    body = input.form;
  } else if (endpoint.method !== 'GET' && input.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(input.body);
  }
  return { method: endpoint.method, headers, body };
}

/** The call's own signal: the caller's, plus the timeout, which also covers reading the body. */
function deadline(input: RawInput) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out', 'TimeoutError'));
  }, input.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) onAbort();
  input.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    /** Turns a rejection of fetch or of a body read into what the caller sees. */
    failure(cause: unknown): unknown {
      if (input.signal?.aborted && !timedOut) return input.signal.reason;
      return new ApiError({
        kind: 'network',
        status: 0,
        code: undefined,
        msg: String(cause),
        timedOut,
        cause,
      });
    },
    dispose() {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onAbort);
    },
  };
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'code' in body) return body as Envelope;
  } catch {
    // not JSON (a proxy's error page): an unknown failure
  }
  return undefined;
}

const isJson = (response: Response) => /[/+]json\b/i.test(response.headers.get('Content-Type') ?? '');

/** Calls that must not log the user out on code 6: logging out itself, and the auth calls. */
const outsideSession = (endpoint: Wired) =>
  [wire.auth.loginOut, wire.auth.login, wire.auth.refresh].some(
    (e) => e.method === endpoint.method && e.path === endpoint.path,
  );

async function send(
  endpoint: Wired,
  input: RawInput,
  retried = false,
): Promise<ApiResult<unknown> | Download> {
  const token = getSession()?.token;
  const call = deadline(input);
  let response: Response;
  let blob: Blob | undefined;
  let envelope: Envelope | undefined;
  try {
    response = await fetch(urlOf(endpoint, input), {
      ...requestInit(endpoint, input, token),
      signal: call.signal,
    });
    if (endpoint.kind === 'blob' && response.ok && !isJson(response)) blob = await response.blob();
    else envelope = parseEnvelope(await response.text());
  } catch (cause) {
    throw call.failure(cause);
  } finally {
    call.dispose();
  }

  if (blob) {
    const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? 'download';
    return { blob, filename };
  }

  const msg = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : genericMessage();

  if ((response.status === 401 || envelope?.code === CODE_SESSION_INVALID) && !outsideSession(endpoint)) {
    if (!retried && token && (await refreshSession(token))) return send(endpoint, input, true);
    // Only the session this call was made with ends here: a login made meanwhile stays.
    const current = getSession()?.token;
    if (!token || current === token) {
      clearSession();
      if (!input.silent) notify(msg);
      sessionInvalid();
    }
    throw new ApiError({
      kind: 'response',
      status: 401,
      code: CODE_SESSION_INVALID,
      msg,
      data: envelope?.data,
    });
  }

  if (response.ok && envelope?.code === CODE_OK) {
    return { code: SUCCESS_CODE, msg, data: envelope.data };
  }

  const status = response.status >= 400 && response.status <= 599 ? response.status : 500;
  const code = typeof envelope?.code === 'number' ? envelope.code : undefined;
  if (!input.silent) notify(msg);
  throw new ApiError({ kind: 'response', status, code, msg, data: envelope?.data });
}

/** The same catalog entry the server uses for its own 500s. */
function genericMessage(): string {
  return i18n._(messages.unknownError);
}

let refreshing: Promise<boolean> | undefined;

/**
 * The access token lives an hour; on code 6 the refresh token buys a new pair once, shared by
 * every call that failed meanwhile. Resolves false when the session cannot be renewed; a network
 * failure rejects, so being offline never logs anyone out.
 */
function refreshSession(staleToken: string): Promise<boolean> {
  const session = getSession();
  if (!session) return Promise.resolve(false);
  // Another call already renewed the session this one was made with.
  if (session.token !== staleToken) return Promise.resolve(true);
  if (!session.refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const answer = (await send(wire.auth.refresh, {
        body: { refreshToken: session.refreshToken },
        silent: true,
      })) as ApiResult<Data<typeof auth.refresh>>;
      if (getSession()?.token !== staleToken) return getSession() !== null;
      const { token, refreshToken, user } = answer.data;
      setSession({ token, refreshToken, user });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'network') throw e;
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}
