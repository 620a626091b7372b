import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '../../shared/contract/core.ts';
import type { Locale } from '../../shared/domain/enums.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n.ts';

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
  handler: (input: Input<EndpointDef>, ctx: Ctx) => Promise<unknown>;
}

/** Binds a handler to its contract entry; the server registers routes only from these and the table. */
export function implement<E extends EndpointDef>(def: E, handler: Handler<E>): Implementation {
  return { def, handler: handler as unknown as Implementation['handler'] };
}
