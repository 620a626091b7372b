import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_KEY_PREFIX } from '../../shared/contract/api-key.ts';
import { type EndpointDef, mediaTypeOf, toRoutePath } from '../../shared/contract/core.ts';
import { messages } from '../../shared/i18n/messages.ts';
import { actingAs } from '../audit/actor.ts';
import type { Config } from '../config.ts';
import { type Database, type Db, pipelinedTransaction } from '../db/client.ts';
import type { ReplicaRouter } from '../db/replica.ts';
import { requestLocale, translator } from '../i18n.ts';
import type { JobEngine } from '../jobs/engine.ts';
import { hashApiKey, verifyAccessToken } from '../modules/auth/tokens.ts';
import { mayCall } from './access.ts';
import type { AuthUser, Ctx, FileResult, Implementation, Input } from './context.ts';
import { checkDelegation } from './delegation.ts';
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
import { countPdaCall } from './metrics.ts';
import { loadKeyUser, loadSessionUser } from './session.ts';
import { unstorablePath } from './text-guard.ts';

export interface BindOptions {
  config: Config;
  database: Database;
  /** The read replica, when DATABASE_REPLICA_URL is set: calls marked `readFrom: 'replica'` read it. */
  replica?: ReplicaRouter | undefined;
  jobs: JobEngine;
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
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
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
  const locale = requestLocale(req.headers);
  const t = translator(locale);
  const db = opts.database.db;
  let user: AuthUser | null = null;
  const ctxFor = (d: Db): Ctx => ({
    get user() {
      if (!user) throw new Answered(sessionInvalid(t));
      return user;
    },
    get optionalUser() {
      return user;
    },
    db: d,
    rootDb: db,
    config: opts.config,
    jobs: opts.jobs,
    locale,
    t,
    req,
    reply,
  });
  const replay = (session: SessionRef, key: string, input: Input<EndpointDef>) =>
    idempotent(db, session, key, def, input, t, req, impl.prefetch, async (tx, u, prefetched) => {
      user = u;
      noteCaller(req, u);
      return run(def, impl, input, ctxFor(tx), t, opts, prefetched);
    });
  try {
    const replayed = await replayRequest(def, req, opts.config, t, locale);
    if (replayed) return send(reply, await replay(replayed.session, replayed.key, replayed.input));

    user = await authenticate(def, req, db, opts.config, t);
    if (user) noteCaller(req, user);
    if (user) admit(def, user);

    const input = parseInput(def, req, t, locale);
    if (user && def.access.grants) await checkDelegation(db, user, def.access.grants, input);
    const key = takesKey(def) && user ? parseIdempotencyKey(req.headers['idempotency-key']) : undefined;
    // Reached with a session only if the token expired between the two looks at it: answered alike.
    // An API key was checked just now, outside the transaction, and is not read again.
    if (key && user)
      return send(
        reply,
        await replay(
          { sessionId: user.sessionId, userId: user.id, ...(user.apiKey ? { user } : {}) },
          key,
          input,
        ),
      );
    const reads = def.readFrom === 'replica' && opts.replica ? (await opts.replica.readDb()).db : db;
    const result = await run(def, impl, input, ctxFor(reads), t, opts);
    if (isFile(result)) return sendFile(reply, result);
    return send(reply, result);
  } catch (err) {
    if (err instanceof Answered) return send(reply, err.answer);
    return send(reply, errorAnswer(err, t, req.log));
  }
}

/** The caller goes into the request's log line (request-log.ts). */
function noteCaller(req: FastifyRequest, user: AuthUser): void {
  req.caller = user.apiKey
    ? { id: user.id, type: user.type, apiKeyId: user.apiKey.id }
    : { id: user.id, type: user.type };
}

interface SessionRef {
  sessionId: string;
  userId: number;
  /** An API key's caller, already loaded (a key has no session to read). */
  user?: AuthUser;
}

/** The call takes an Idempotency-Key: the PDA's replays and the creates a customer's system retries. */
const takesKey = (def: EndpointDef) => def.replayable === true || def.idempotent === true;

/**
 * A call a PDA replays (an Idempotency-Key with a verified token and a valid input): its session
 * is then read inside the transaction that claims the key, in the claim's round trip. Anything
 * else (no key, a bad token, key or input) goes the ordinary way, whose refusals come in its order.
 */
async function replayRequest(
  def: EndpointDef,
  req: FastifyRequest,
  config: Config,
  t: ReturnType<typeof translator>,
  locale: keyof typeof zodErrorMaps,
): Promise<{ session: SessionRef; key: string; input: Input<EndpointDef> } | undefined> {
  const header = req.headers['idempotency-key'];
  const token = bearer(req);
  if (!takesKey(def) || def.access.public || header === undefined || !token) return undefined;
  if (token.startsWith(API_KEY_PREFIX)) return undefined;
  let input: Input<EndpointDef>;
  let key: string;
  try {
    input = parseInput(def, req, t, locale);
    key = parseIdempotencyKey(header)!;
  } catch {
    return undefined;
  }
  const claims = await verifyAccessToken(config.tokenSecret, token);
  return claims ? { session: { sessionId: claims.sessionId, userId: claims.userId }, key, input } : undefined;
}

/** The caller's account may make this call (a public call admits everyone). */
function admit(def: EndpointDef, user: AuthUser): void {
  if (!def.access.public && !mayCall(def.access, user)) throw new AppError(403, messages.forbidden);
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
  if (token.startsWith(API_KEY_PREFIX)) {
    const found = await loadKeyUser(db, hashApiKey(token), req.ip, def.access.key);
    if (!found) {
      if (def.access.public) return null;
      throw new Answered(sessionInvalid(t));
    }
    // A call the key may not make answers 403 whatever its rate: it was not counted (loadKeyUser).
    admit(def, found.user);
    const counted = def.access.key !== undefined && found.user.apiKey?.scopes.has(def.access.key) === true;
    if (counted && found.callsThisSecond > config.apiKeyRateLimit)
      throw new AppError(429, messages.tooManyRequests, { data: { retryAfter: 1 } });
    return found.user;
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
  prefetched?: unknown,
): Promise<HttpAnswer | FileResult> {
  const caller = ctx.optionalUser;
  // Whatever the handler changes, the audit log records as this caller's, from its address and session.
  const result = caller
    ? await actingAs(
        {
          id: caller.id,
          name: caller.username,
          type: caller.type,
          ip: ctx.req.ip,
          // audit_log.session_id names a login session (a UUID); a key's call has none.
          sessionId: caller.apiKey ? null : caller.sessionId,
        },
        () => impl.handler(input, ctx, prefetched),
      )
    : await impl.handler(input, ctx, prefetched);
  if (def.kind === 'blob') {
    const type = mediaTypeOf((result as FileResult).contentType);
    if (opts.checkResponses && !def.produces?.some((m) => m === type))
      throw new Error(`${def.path} answered a file of type ${type}, which its contract does not name`);
    return result as FileResult;
  }
  if (opts.checkResponses) {
    const r = def.data.safeParse(result);
    if (!r.success) {
      ctx.req.log.error({ issues: r.error.issues, path: def.path }, 'response does not match its contract');
      throw new Error(`response of ${def.path} does not match its schema: ${r.error.message}`);
    }
  }
  return ok(t, result);
}

/**
 * Claims the key, runs the handler and records its answer in one transaction, so effect and record
 * agree. Its first round trip carries BEGIN, the session (read on every call: a revoked session or
 * a disabled account counts at once), the claim and the call's prefetch (its first read); a claim
 * made for a session that is not live is rolled back with the rest. COMMIT goes out behind the
 * record of the answer.
 */
async function idempotent(
  db: Db,
  session: SessionRef,
  key: string,
  def: EndpointDef,
  input: Input<EndpointDef>,
  t: ReturnType<typeof translator>,
  req: FastifyRequest,
  prefetch: Implementation['prefetch'],
  handle: (tx: Db, user: AuthUser, prefetched: unknown) => Promise<HttpAnswer | FileResult>,
): Promise<HttpAnswer> {
  const route = `${def.method} ${def.path}`;
  const hash = requestHash(route, input);
  const userId = session.userId;
  let claimed = false;
  let replayed = false;
  try {
    const answer = await pipelinedTransaction(db, async (tx, commitAfter) => {
      const [live, claiming, read] = await Promise.allSettled([
        session.user ?? loadSessionUser(tx, session.sessionId, userId),
        claim(tx, userId, key, route, hash),
        prefetch?.(input, tx, session.user),
      ]);
      if (live.status === 'rejected') throw live.reason;
      const user = live.value;
      if (!user) throw new Answered(sessionInvalid(t));
      admit(def, user);
      if (claiming.status === 'rejected') throw claiming.reason;
      if (claiming.value !== 'claimed') {
        replayed = true;
        return claiming.value as HttpAnswer;
      }
      if (read.status === 'rejected') throw read.reason;
      claimed = true;
      const answer = (await handle(tx, user, read.value)) as HttpAnswer;
      await commitAfter(() => complete(tx, userId, key, answer));
      return answer;
    });
    if (def.replayable) countPdaCall(def.path, replayed ? 'replayed' : 'accepted');
    return answer;
  } catch (err) {
    const answer = err instanceof Answered ? err.answer : errorAnswer(err, t, req.log);
    // A refusal by the handler is the answer to this request and is replayed as such; a server
    // failure is not (the retry runs again), nor is the answer of a claim that did not succeed.
    if (claimed && answer.status < 500) {
      await recordRefusal(db, userId, key, route, hash, answer);
      if (def.replayable) countPdaCall(def.path, 'refused');
    }
    return answer;
  }
}

function isFile(r: HttpAnswer | FileResult): r is FileResult {
  return 'filename' in r;
}

/** Answers are sent and the reply returned, so Fastify waits for streamed bodies (async handlers). */
function send(reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  // A 429 that knows when to come back says so in Retry-After (RFC 9110), as well as in its data.
  const retryAfter = (answer.body.data as { retryAfter?: unknown } | null)?.retryAfter;
  if (answer.status === 429 && typeof retryAfter === 'number')
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
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
