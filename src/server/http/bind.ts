import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type EndpointDef, toRoutePath } from '../../shared/contract/core.ts';
import { messages } from '../../shared/i18n/messages.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { localeOf, translator } from '../i18n.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import { mayCall } from './access.ts';
import type { AuthUser, Ctx, FileResult, Implementation, Input } from './context.ts';
import {
  errorAnswer,
  type HttpAnswer,
  ok,
  sessionInvalid,
  validationAnswer,
  zodErrorMaps,
} from './envelope.ts';
import { AppError } from './errors.ts';
import { claim, complete, parseIdempotencyKey, recordRefusal, requestHash } from './idempotency.ts';
import { loadSessionUser } from './session.ts';
import { unstorablePath } from './text-guard.ts';

export interface BindOptions {
  config: Config;
  database: Database;
  /** Check every success answer against its response schema (tests turn this on). */
  checkResponses: boolean;
}

/** Thrown to stop with a ready answer (auth, validation). */
class Answered {
  readonly answer: HttpAnswer;
  constructor(answer: HttpAnswer) {
    this.answer = answer;
  }
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * Registers one route per contract entry under the current prefix: auth → access → validation →
 * (idempotency) → handler. Every entry must have its implementation: the server refuses to start
 * with a call of the contract that nothing serves, so no call can answer "not implemented".
 */
export function bindContract(
  app: FastifyInstance,
  endpoints: readonly EndpointDef[],
  implementations: readonly Implementation[],
  opts: BindOptions,
): void {
  const byDef = new Map(implementations.map((i) => [i.def, i]));
  for (const def of endpoints) {
    const impl = byDef.get(def);
    if (!impl) throw new Error(`${def.method} ${def.path}: no implementation of this call of the contract`);
    app.route({
      method: def.method,
      url: toRoutePath(def.path),
      // @fastify/rate-limit (registered with global: false) reads this; its 429 reaches the error handler.
      ...(def.rateLimit
        ? { config: { rateLimit: { max: def.rateLimit.max, timeWindow: def.rateLimit.windowMs } } }
        : {}),
      handler: (req, reply) => serve(def, impl, req, reply, opts),
    });
  }
}

async function serve(
  def: EndpointDef,
  impl: Implementation,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: BindOptions,
): Promise<FastifyReply> {
  const locale = localeOf(req.headers['local-lang']);
  const t = translator(locale);
  const db = opts.database.db;
  let user: AuthUser | null = null;
  try {
    user = await authenticate(def, req, db, opts.config, t);
    if (user && !def.access.public && !mayCall(def.access, user)) throw new AppError(403, messages.forbidden);

    const input = parseInput(def, req, t, locale);
    const ctxFor = (d: Db): Ctx => ({
      get user() {
        if (!user) throw new Answered(sessionInvalid(t));
        return user;
      },
      optionalUser: user,
      db: d,
      rootDb: db,
      config: opts.config,
      locale,
      t,
      req,
      reply,
    });

    const key = def.replayable && user ? parseIdempotencyKey(req.headers['idempotency-key']) : undefined;
    if (key && user) {
      const answer = await idempotent(db, user.id, key, def, input, t, req, async (tx) =>
        run(def, impl, input, ctxFor(tx), t, opts),
      );
      return send(reply, answer);
    }
    const result = await run(def, impl, input, ctxFor(db), t, opts);
    if (isFile(result)) return sendFile(reply, result);
    return send(reply, result);
  } catch (err) {
    if (err instanceof Answered) return send(reply, err.answer);
    return send(reply, errorAnswer(err, t, req.log));
  }
}

async function authenticate(
  def: EndpointDef,
  req: FastifyRequest,
  db: Db,
  config: Config,
  t: ReturnType<typeof translator>,
): Promise<AuthUser | null> {
  const token = bearer(req);
  if (!token) {
    if (def.access.public) return null;
    throw new Answered(sessionInvalid(t));
  }
  const claims = await verifyAccessToken(config.tokenSecret, token);
  const user = claims ? await loadSessionUser(db, claims.sessionId, claims.userId) : null;
  // A public call still answers with a stale token; every other call needs a live session.
  if (!user && !def.access.public) throw new Answered(sessionInvalid(t));
  return user;
}

function parseInput(
  def: EndpointDef,
  req: FastifyRequest,
  t: ReturnType<typeof translator>,
  locale: keyof typeof zodErrorMaps,
) {
  const error = zodErrorMaps[locale];
  const part = (schema: z.ZodType | undefined, value: unknown, name: string) => {
    if (!schema) return undefined;
    const bad = unstorablePath(value);
    if (bad) {
      const issue = { code: 'custom' as const, path: bad, message: messages.unstorableText.id, input: value };
      throw new Answered(validationAnswer(new z.ZodError([issue]), t, name === 'body' ? undefined : name));
    }
    const r = schema.safeParse(value ?? (name === 'body' ? {} : undefined), { error });
    if (!r.success) throw new Answered(validationAnswer(r.error, t, name === 'body' ? undefined : name));
    return r.data;
  };
  const body = def.kind === 'multipart' ? undefined : req.body;
  return {
    params: part(def.params, req.params, 'params'),
    query: part(def.query, req.query, 'query'),
    body: part(def.body, body, 'body'),
  } as Input<EndpointDef>;
}

async function run(
  def: EndpointDef,
  impl: Implementation,
  input: Input<EndpointDef>,
  ctx: Ctx,
  t: ReturnType<typeof translator>,
  opts: BindOptions,
): Promise<HttpAnswer | FileResult> {
  const result = await impl.handler(input, ctx);
  if (def.kind === 'blob') return result as FileResult;
  if (opts.checkResponses) {
    const r = def.data.safeParse(result);
    if (!r.success) {
      ctx.req.log.error({ issues: r.error.issues, path: def.path }, 'response does not match its contract');
      throw new Error(`response of ${def.path} does not match its schema: ${r.error.message}`);
    }
  }
  return ok(t, result);
}

/** Claims the key, runs the handler and records its answer in one transaction, so effect and record agree. */
async function idempotent(
  db: Db,
  userId: number,
  key: string,
  def: EndpointDef,
  input: Input<EndpointDef>,
  t: ReturnType<typeof translator>,
  req: FastifyRequest,
  handle: (tx: Db) => Promise<HttpAnswer | FileResult>,
): Promise<HttpAnswer> {
  const route = `${def.method} ${def.path}`;
  const hash = requestHash(route, input);
  let claimed = false;
  try {
    return await db.transaction(async (tx) => {
      const earlier = await claim(tx as unknown as Db, userId, key, route, hash);
      if (earlier !== 'claimed') return earlier as HttpAnswer;
      claimed = true;
      const answer = (await handle(tx as unknown as Db)) as HttpAnswer;
      await complete(tx as unknown as Db, userId, key, answer);
      return answer;
    });
  } catch (err) {
    const answer = err instanceof Answered ? err.answer : errorAnswer(err, t, req.log);
    // A refusal by the handler is the answer to this request and is replayed as such; a server
    // failure is not (the retry runs again), nor is the answer of a claim that did not succeed.
    if (claimed && answer.status < 500) await recordRefusal(db, userId, key, route, hash, answer);
    return answer;
  }
}

function isFile(r: HttpAnswer | FileResult): r is FileResult {
  return 'filename' in r;
}

/** Answers are sent and the reply returned, so Fastify waits for streamed bodies (async handlers). */
function send(reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  return reply.code(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
}

/** RFC 6266: an ASCII fallback plus `filename*` in UTF-8 so Chinese and Arabic names survive. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function sendFile(reply: FastifyReply, file: FileResult): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .send(file.body);
}
