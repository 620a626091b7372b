import { z } from 'zod';
import { SORT_ORDERS } from '../domain/list-sort.ts';
import type { SubRight } from '../domain/sub-rights.ts';
import { messages } from '../i18n/messages.ts';
import type { Kind, Method } from './wire.ts';

export * from './wire.ts';

/**
 * Who may call an endpoint. The server's access layer reads this before any handler runs and
 * denies everything that is not named here.
 * - `public`: no session needed.
 * - `staff`: account type 1, holding this permission key through a role (the Administrator role
 *   holds every key); `true` means any staff account.
 * - `customer`: account types 2 and 3; the handler scopes every record to the session's customer.
 *   `'main'` allows the main account (2) only.
 * - `pda`: account type 4.
 * - `anyUser`: every logged-in account (menus, password change, logout).
 * - `grants`: the call gives rights (accounts and their roles, roles, menu entries, API keys,
 *   sub-accounts and their rights); the access layer lets a caller give only what it holds
 *   (server/http/delegation.ts).
 * - `key`: a customer's API key may make the call when the key holds this scope (and the account
 *   that made the key may make it); every other call refuses a key, whatever else it admits.
 * - `right`: a sub-account (and a key it made) may make the call only when its main account gave
 *   it this right (domain/sub-rights.ts); main accounts and staff are not concerned.
 */
export type Delegation = 'account' | 'role' | 'menu' | 'apiKey' | 'subRights';

/** What an API key may be limited to; each call that accepts a key names one. */
export const API_SCOPES = ['orders:read', 'orders:write', 'labels', 'tracking', 'statements'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface Access {
  public?: true;
  staff?: string | true;
  customer?: true | 'main';
  pda?: true;
  anyUser?: true;
  grants?: Delegation;
  key?: ApiScope;
  right?: SubRight;
}

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Path relative to API_BASE, with `{name}` parameters as in spec/endpoints.tsv. */
  path: string;
  kind: Kind;
  /** For multipart calls: the file part the call reads. */
  file?: FileSpec;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope (json kind). */
  data: D;
  access: Access;
  /** The PDA may queue this call offline and replay it with an Idempotency-Key. */
  replayable?: true;
  /**
   * A create that takes an optional Idempotency-Key (UUID), as replayable calls do: a retried
   * request with the same key and body answers the first answer and creates nothing twice.
   */
  idempotent?: true;
  /** For spec method ANY: the method chosen, so the contract says why. */
  anyChosen?: string;
  /** A call the product adds beyond spec/endpoints.tsv (the summary says why). */
  beyondSpec?: true;
  /** At most `max` calls per client address in `windowMs`; more answer 429. */
  rateLimit?: RateLimit;
  /** The largest request body, in bytes, when the server's 2 MB is too small (a batch); more answers 413. */
  bodyLimit?: number;
  /**
   * A read-only call (a report, an analysis, a statement) the server may answer from the read
   * replica (DATABASE_REPLICA_URL): its handler must not write. It still sees every write committed
   * before it (db/replica.ts).
   */
  readFrom?: 'replica';
  /**
   * Error statuses the handler answers beyond those the binder's rules give every call of its kind
   * (server/http/openapi-answers.ts): the OpenAPI document lists them, so a client handles them.
   */
  answers?: readonly ExtraAnswer[];
  /**
   * A file download (blob kind): the media types its Content-Type may name, parameters such as
   * `charset` aside (`fileOf`). The OpenAPI document types the file by them; in tests the binder
   * refuses to answer a file of another type.
   */
  produces?: readonly FileMedia[];
}

/** A status only some handlers answer: 401 of a public call, 410 of an expired file, 429 of a throttle. */
export type ExtraAnswer = 401 | 410 | 429;

export interface RateLimit {
  max: number;
  windowMs: number;
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  D extends z.ZodType = z.ZodUnknown,
>(def: EndpointDef<P, Q, B, D>): EndpointDef<P, Q, B, D> {
  return def;
}

export type Params<E> = E extends EndpointDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type Query<E> = E extends EndpointDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type Body<E> = E extends EndpointDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type Data<E> = E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

// ---- request and answer shapes shared by every domain ----

export const MAX_PAGE_SIZE = 500;

const trimmed = z.string().trim();

/** Inputs are trimmed of whitespace (spec 5). */
export const text = (max = 200) => trimmed.max(max);
export const requiredText = (max = 200) => trimmed.min(1).max(max);
export const optionalText = (max = 200) =>
  trimmed
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Ids travel as positive integers; path parameters arrive as strings and are coerced. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id }).strict();

/** Money and weights: decimal strings, never floats. */
export const decimal = (scale = 2) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^-?\\d{1,12}(\\.\\d{1,${scale}})?$`)));
export const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * UTC ISO 8601 on the wire, in years 1900 to 9999 (the format has four-digit years): it alone
 * admits year 0000, which PostgreSQL cannot store, and no parcel is older than 1900.
 */
export const isoTime = z.iso
  .datetime({ offset: true })
  .refine((v) => Number(v.slice(0, 4)) >= 1900, { message: messages.timeOutOfRange.id });

export const pageRequest = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().min(0),
    /** true when `total` is a capped count ("10,000+") rather than an exact one. */
    totalCapped: z.boolean().optional(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

export type Page<T> = {
  records: T[];
  total: number;
  totalCapped?: boolean;
  pageNo: number;
  pageSize: number;
};

/**
 * A list's sort (spread into its listRequest): one of the list's allow-listed keys
 * (domain/list-sort.ts) and a direction; any other key is refused with 400.
 */
export function sortable<const K extends string>(keys: readonly [K, ...K[]]) {
  return { sortBy: z.enum(keys).optional(), sortOrder: z.enum(SORT_ORDERS).optional() };
}

/** A list request: paging plus filters the domain refines; unknown keys are refused. */
export function listRequest<S extends z.ZodRawShape>(filters: S) {
  return pageRequest.extend(filters).strict();
}

/** The open shapes of `call` for an entry that declares no body or data of its own. */
export const anyObject = z.record(z.string(), z.unknown());
export const unknownData = z.unknown();

/** A file download (blob kind) has no JSON data. */
export const blobData = z.never();

/** The files a download answers, by media type (the Content-Type without its parameters). */
export const MEDIA = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zpl: 'application/vnd.zebra.zpl',
} as const;
export type FileMedia = (typeof MEDIA)[keyof typeof MEDIA];

/** A download's `data` (none: the answer is the file) and the kinds of file it may answer. */
type MediaKinds = [keyof typeof MEDIA, ...(keyof typeof MEDIA)[]];
export const fileOf = (...kinds: MediaKinds) => ({
  data: blobData,
  produces: kinds.map((k) => MEDIA[k]),
});

/** The media type of a Content-Type header: `application/vnd.zebra.zpl; charset=utf-8` → its first part. */
export const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** A multipart import: one file field `file` plus optional text fields. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface FileSpec {
  /** The multipart field name. */
  field: string;
  /** Accepted file types, by extension (content is checked by the server, not the name). */
  types: readonly string[];
  maxBytes: number;
}

export const SHEET_FILE: FileSpec = { field: 'file', types: ['xlsx', 'csv'], maxBytes: MAX_UPLOAD_BYTES };
export const IMAGE_FILE: FileSpec = {
  field: 'file',
  types: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  maxBytes: MAX_IMAGE_BYTES,
};

export interface CallOptions {
  summary: string;
  access: Access;
  replayable?: true;
  anyChosen?: string;
  data?: z.ZodType;
}

const pathParam = (name: string) => (/id$/i.test(name) ? id : z.string().trim().min(1).max(64));

/**
 * A contract entry from its method, path and kind: path parameters are typed from the path
 * (`…Id`/`id` as positive integers, others as short strings), a JSON body or query is an open
 * object and `data` unknown unless given; entries spread it and narrow what they read (downloads,
 * templates).
 */
export function call(method: Method, path: string, kind: Kind, opts: CallOptions): EndpointDef {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const def: EndpointDef = {
    method,
    path,
    kind,
    summary: opts.summary,
    access: opts.access,
    data: opts.data ?? (kind === 'blob' ? blobData : unknownData),
  };
  if (names.length) def.params = z.object(Object.fromEntries(names.map((n) => [n, pathParam(n)]))).strict();
  if (kind !== 'multipart') {
    if (method === 'GET') def.query = z.record(z.string(), z.string()).optional();
    else def.body = anyObject;
  }
  if (opts.replayable) def.replayable = true;
  if (opts.anyChosen) def.anyChosen = opts.anyChosen;
  return def;
}

/** Access shorthands. */
export const staff = (perm: string): Access => ({ staff: perm });
export const staffOrCustomer = (perm: string, right?: SubRight): Access => ({
  staff: perm,
  customer: true,
  ...(right ? { right } : {}),
});
export const staffOrPda = (perm: string): Access => ({ staff: perm, pda: true });

interface More extends Partial<Omit<CallOptions, 'summary' | 'access'>> {
  kind?: Kind;
}
export const post = (path: string, summary: string, access: Access, more: More = {}) =>
  call('POST', path, more.kind ?? 'json', { summary, access, ...more });
export const get = (path: string, summary: string, access: Access, more: More = {}) =>
  call('GET', path, more.kind ?? 'json', { summary, access, ...more });
/** Spec method ANY for a file download: GET, so the browser can follow a plain link. */
export const download = (path: string, summary: string, access: Access, ...kinds: MediaKinds) => ({
  ...call('GET', path, 'blob', {
    summary,
    access,
    anyChosen: 'GET: a download has no body and the browser can fetch it as a plain link',
  }),
  ...fileOf(...kinds),
});
/** A multipart import (one `file` field). */
export const upload = (path: string, summary: string, access: Access, file: FileSpec = SHEET_FILE) => ({
  ...call('POST', path, 'multipart', { summary, access }),
  file,
});
