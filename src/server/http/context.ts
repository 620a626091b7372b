import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '../../shared/contract/core.ts';
import type { Locale } from '../../shared/domain/enums.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n.ts';
import type { JobEngine } from '../jobs/engine.ts';

/** The caller, loaded from the session on every call (revocation takes effect at once). */
export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  type: number;
  customerId: number | null;
  customerName: string | null;
  sessionId: string;
  isAdmin: boolean;
  perms: ReadonlySet<string>;
  roles: { recId: number; name: string }[];
  /** A sub-account's rights (shared/domain/sub-rights.ts); absent for every other account. */
  subRights?: ReadonlySet<string>;
  /** Set when the caller is a customer's API key acting as this (customer) account. */
  apiKey?: { id: number; scopes: ReadonlySet<string> };
}

export interface Ctx {
  /** The caller; reading it on a public call without a session answers 401 (code 6). */
  readonly user: AuthUser;
  /** The caller when a valid token came with a public call, else null. */
  readonly optionalUser: AuthUser | null;
  readonly db: Db;
  /** The database outside the request's transaction, for work after the commit (a mail push). */
  readonly rootDb: Db;
  readonly config: Config;
  /** The job engine: features enqueue their background work here (jobs/engine.ts). */
  readonly jobs: JobEngine;
  readonly locale: Locale;
  readonly t: Translate;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
}

/** What a blob (file download) handler returns. */
export interface FileResult {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Input<E> {
  params: E extends EndpointDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? Out<P> : never;
  query: E extends EndpointDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Out<Q> : never;
  body: E extends EndpointDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? Out<B> : never;
}

/** Blob endpoints declare `data: z.never()` and answer with a file. */
type Result<E> =
  E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, infer D>
    ? D extends z.ZodNever
      ? FileResult
      : z.input<D>
    : never;

export type Handler<E> = (input: Input<E>, ctx: Ctx) => Promise<Result<E>>;

export interface Implementation {
  def: EndpointDef;
  handler: (input: Input<EndpointDef>, ctx: Ctx, prefetched?: unknown) => Promise<unknown>;
  prefetch?: (input: Input<EndpointDef>, tx: Db, user: AuthUser | undefined) => Promise<unknown>;
}

/**
 * The read a replayed call (one with an Idempotency-Key: the PDA's scans) starts with, sent in the
 * round trip that claims the key and reads the session, before either answers; its result reaches
 * the handler as `prefetched` (undefined without a key: the handler reads it itself). A read only:
 * it runs before the session and the access are known, inside the transaction that is rolled back
 * when they refuse or when the key was answered before. `user` is the caller when it was known
 * before (an API key, checked and admitted first), else undefined.
 */
export type Prefetch<E, P> = (input: Input<E>, tx: Db, user: AuthUser | undefined) => Promise<P>;

/** Binds a handler to its contract entry; the server registers routes only from these and the table. */
export function implement<E extends EndpointDef>(def: E, handler: Handler<E>): Implementation {
  return { def, handler: handler as unknown as Implementation['handler'] };
}

/** implement, for a replayed call whose first read goes out with its claim (Prefetch). */
export function implementPrefetched<E extends EndpointDef, P>(
  def: E,
  prefetch: Prefetch<E, P>,
  handler: (input: Input<E>, ctx: Ctx, prefetched: P | undefined) => Promise<Result<E>>,
): Implementation {
  return {
    def,
    handler: handler as unknown as Implementation['handler'],
    prefetch: prefetch as unknown as Implementation['prefetch'],
  };
}
