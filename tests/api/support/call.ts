import type { RowError } from '../../../src/server/files/import.ts';
import type { Body, Data, EndpointDef, Params, Query } from '../../../src/shared/contract/core.ts';
import { fillPath } from '../../../src/shared/contract/wire.ts';
import { multipartBody } from '../../support/files.ts';
import type { Answer, TestApp } from './app.ts';

/**
 * The typed test caller (issue 43): a test calls an entry of the contract, not a path, so a renamed
 * or reshaped call fails to compile. The entry gives the method and the path (its `{name}`
 * parameters filled from `params`); `params`, `query` and `body` are typed by its schemas, and the
 * answer's `data` by its `data` schema. A test that sends bad input on purpose uses `callRaw`,
 * which still names the entry but takes any body, query and params.
 *
 * @example
 *   const r = await call(t, contract.shipping.view, { params: { id }, token: tokens.admin });
 *   r.body.data.code; // typed by contract.shipping.view.data
 */

/** The transport: a TestApp, or `callerOf(app)` for an app a test built itself. */
export type Transport = Pick<TestApp, 'call'>;

export interface Extras {
  /** The caller's access token, sent as `Authorization: Bearer …`. */
  token?: string | undefined;
  /** Sent as `local-lang` (the server's default is cn). */
  lang?: string;
  /** Sent as `Idempotency-Key` (replayable and idempotent calls). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** The file part of a multipart entry, with its text fields. */
  file?: { field?: string; name: string; content: Buffer; type?: string };
  fields?: Record<string, string>;
}

/** A part is required exactly when its schema does not accept `undefined` (as the web client). */
type Part<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };
/** A query whose every key is optional may be left out: the server reads no query as `{}`. */
type QueryPart<T> = undefined extends T ? { query?: T } : object extends T ? { query?: T } : { query: T };

export type Input<E extends EndpointDef> = Part<'params', Params<E>> &
  QueryPart<Query<E>> &
  Part<'body', Body<E>> &
  Extras;

type Args<E extends EndpointDef> = object extends Input<E> ? [input?: Input<E>] : [input: Input<E>];

export interface Issue {
  path: string;
  message: string;
}

/** The answer, `data` typed by the entry; a failure's field issues (400) in `issues`. */
export interface TypedAnswer<T> extends Answer<T> {
  issues: Issue[];
}

/** Anything, for `callRaw`: a test of how the server meets bad input. */
export interface RawInput extends Extras {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Calls `entry` with typed input and answers its typed envelope. */
export function call<E extends EndpointDef>(
  t: Transport,
  entry: E,
  ...[input]: Args<E>
): Promise<TypedAnswer<Data<E>>> {
  return send<Data<E>>(t, entry, (input ?? {}) as RawInput);
}

/**
 * Calls `entry` with input its schemas may refuse (bad input on purpose): only the path and the
 * method come from the entry, so a renamed call still breaks the test.
 */
export function callRaw(
  t: Transport,
  entry: EndpointDef,
  input: RawInput = {},
): Promise<TypedAnswer<unknown>> {
  return send<unknown>(t, entry, input);
}

/**
 * `callRaw` with the answer typed by the entry: a file's shorthand that sends bodies built loose on
 * purpose (valid ones and refused ones through the same function) and reads what comes back.
 */
export function callLoose<E extends EndpointDef>(
  t: Transport,
  entry: E,
  input: RawInput = {},
): Promise<TypedAnswer<Data<E>>> {
  return send<Data<E>>(t, entry, input);
}

/** The path of `entry` with its parameters filled (for a test that needs the URL itself). */
export function pathOf(entry: EndpointDef, params?: Record<string, string | number>): string {
  return fillPath(entry.path, params);
}

async function send<T>(t: Transport, entry: EndpointDef, input: RawInput): Promise<TypedAnswer<T>> {
  const headers: Record<string, string> = { ...input.headers };
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
  let body = input.body;
  if (input.file) {
    const form = multipartBody(input.file, input.fields);
    Object.assign(headers, form.headers);
    body = form.payload;
  }
  const answer = await t.call<T>(entry.method, pathOf(entry, input.params), {
    token: input.token,
    ...(body !== undefined ? { body } : {}),
    ...(input.query ? { query: queryOf(input.query) } : {}),
    headers,
    ...(input.lang ? { lang: input.lang } : {}),
  });
  const data = answer.body?.data as { issues?: unknown } | undefined;
  const issues = answer.status === 400 && Array.isArray(data?.issues) ? (data.issues as Issue[]) : [];
  return { ...answer, issues };
}

/** A query's values as the wire carries them: strings, a list repeated, undefined left out. */
function queryOf(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/**
 * `call` for a file's own shorthand (`post(entry, who, body)`), whose generic input TypeScript
 * cannot match to `call`'s: every part optional, each still typed by the entry.
 */
export function callWith<E extends EndpointDef>(
  t: Transport,
  entry: E,
  input: { params?: Params<E>; query?: Query<E>; body?: Body<E> } & Extras,
): Promise<TypedAnswer<Data<E>>> {
  return send<Data<E>>(t, entry, input as RawInput);
}

/** `entry` with its path parameters filled, for a shorthand that takes no params of its own. */
export function at<E extends EndpointDef>(entry: E, params: Params<E>): E {
  return { ...entry, path: pathOf(entry, params as Record<string, string | number>) };
}

/** The bad rows of a refused sheet import (400 with `data.errors`), or none. */
export function rowErrors(answer: Answer<unknown>): RowError[] {
  const data = answer.body?.data as { errors?: unknown } | undefined;
  return Array.isArray(data?.errors) ? (data.errors as RowError[]) : [];
}
