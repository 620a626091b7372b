import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/contract/core.ts';
import { endpoints } from '../shared/contract/index.ts';
import { messages } from '../shared/i18n/messages.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { ReplicaRouter } from './db/replica.ts';
import { bindContract } from './http/bind.ts';
import { errorAnswer, fail } from './http/envelope.ts';
import { AppError } from './http/errors.ts';
import { filesRoute } from './http/files-route.ts';
import { registerHealth } from './http/health.ts';
import { registerMetrics } from './http/metrics.ts';
import { openApiDocument } from './http/openapi.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { MIN_SECRET_BYTES } from './http/token-secret.ts';
import { requestLocale, translator } from './i18n.ts';
import { JobEngine } from './jobs/engine.ts';
import { defineJobs } from './jobs/index.ts';
import { LOG_REDACT } from './log.ts';
import { implementations } from './modules/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /**
   * The read replica (DATABASE_REPLICA_URL), started by the caller: the calls the contract marks
   * `readFrom: 'replica'` read it while it is in sync; /ready and /metrics show its state.
   */
  replica?: ReplicaRouter;
  /** Validate every success answer against the contract (on in tests). */
  checkResponses?: boolean;
  /** The process logger (pino); `false` silences request logs (tests and benchmarks). */
  logger?: FastifyBaseLogger | false;
  /**
   * The job engine (jobs/engine.ts) starts with the app and stops with it. With `work` this process
   * runs the jobs and the schedules (main.ts); without (test apps, by default) it only sends them,
   * and a test runs them with `app.jobs.drain()`.
   */
  jobs?: { work?: boolean; pollingIntervalSeconds?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's job engine (jobs/engine.ts). */
    jobs: JobEngine;
  }
}

/** Content-Security-Policy of the web app: only our own origin, plus what camera decoding needs. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  // The /frame pages embed any web address; the print pages show a PDF the app made (blob:).
  frameSrc: ['https:', 'http:', 'blob:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  manifestSrc: ["'self'"],
};

/** Headers that describe an answer's body, dropped when an error envelope replaces that body. */
const BODY_HEADERS = [
  'content-encoding',
  'content-length',
  'content-disposition',
  'cache-control',
  'etag',
  'last-modified',
] as const;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  if (config.tokenSecret.length < MIN_SECRET_BYTES)
    throw new Error('no token secret: set TOKEN_SECRET or resolve it with withTokenSecret() first');
  const base = {
    genReqId: (req: import('node:http').IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle' as const,
    logController: new OneLinePerRequest(),
  };
  const app: FastifyInstance = deps.logger
    ? (Fastify({ ...base, loggerInstance: deps.logger }) as unknown as FastifyInstance)
    : Fastify({
        ...base,
        logger: deps.logger === false ? false : { level: config.logLevel, redact: LOG_REDACT },
      });

  // JSON bodies are read by Fastify's own parser (prototype poisoning refused), after a scan that
  // refuses nesting deeper than MAX_JSON_DEPTH: thousands of levels would overflow the stack of
  // whatever walks the value next, and no call of the contract takes more than a few.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH)
      return done(new AppError(400, messages.jsonTooDeep, { values: { max: MAX_JSON_DEPTH } }), undefined);
    return defaultJson(req, body as string, done);
  });

  const jobs = new JobEngine({
    url: deps.database.url,
    timeZone: config.businessTimeZone,
    log: app.log,
    work: deps.jobs?.work ?? false,
    ...(deps.jobs?.pollingIntervalSeconds
      ? { pollingIntervalSeconds: deps.jobs.pollingIntervalSeconds }
      : {}),
  });
  defineJobs(jobs, deps.database.db, config, app.log, deps.replica);
  app.decorate('jobs', jobs);

  // First, so its timing hook covers every route.
  registerMetrics(app, deps.database, config, jobs, deps.replica);

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    // helmet costs half the throughput of a small JSON route; JSON needs only these few headers.
    if (req.url.startsWith('/api/')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      if (config.trustProxy && req.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    }
    return payload;
  });

  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    crossOriginEmbedderPolicy: false,
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
    hsts: config.trustProxy,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) await reply.helmet();
  });
  await app.register(compress, { threshold: 2048, global: true });
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024 },
  });

  // Per-route limits only: a contract entry's `rateLimit` sets its route's config (http/bind.ts).
  await app.register(rateLimit, { global: false });

  app.setErrorHandler((err, req, reply) => {
    // A streamed answer (a file, a compressed page or list) that failed before its first byte.
    // Its connection closed under it: the client left, nothing to answer and no fault of ours,
    // logged as Fastify logs a client that leaves mid-answer.
    if (reply.raw.destroyed && (err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      req.log.info({ res: reply }, 'stream closed prematurely');
      return;
    }
    // Any other failure answers the envelope, and none of what the failed answer had said of its
    // body goes with it: not @fastify/compress's encoding (the browser could not read it), a file's
    // name (the browser would save the envelope as the file), its length, nor how long to keep it
    // (an image's year-long cache-control and etag would keep the failure).
    for (const name of BODY_HEADERS) reply.removeHeader(name);
    const answer = errorAnswer(err, translator(requestLocale(req.headers)), req.log);
    reply.code(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
  });

  await app.register(
    async (api) => {
      bindContract(
        api,
        endpoints.map((e) => e.def),
        implementations,
        {
          config,
          database: deps.database,
          replica: deps.replica,
          jobs,
          checkResponses: deps.checkResponses ?? false,
        },
      );
    },
    { prefix: API_BASE },
  );

  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(endpoints) as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The documentation page is held to the app's own policy: never framed, nothing from elsewhere
    // (inline styles as for the app, which Swagger UI sets too).
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/font-src [^;]*/, "font-src 'self' data:")
        .replace(/img-src [^;]*/, "img-src 'self' data:")
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    uiConfig: { validatorUrl: null },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(filesRoute, { config, database: deps.database });

  registerHealth(app, deps.database, {
    jobsStarted: () => jobs.started,
    replica: () => deps.replica?.current(),
  });
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

  const index = join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  const hasLight = existsSync(join(config.webDist, 'light.html'));
  const hasPdaStart = existsSync(join(config.webDist, 'pda.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Hashed assets never change; the shell and service worker must be revalidated.
        if (/\/assets\//.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const answer = fail(translator(requestLocale(req.headers)), 404, messages.routeNotFound);
      return reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
    }
    // The SPA fallback: the client router decides, and shows its own 404 for unknown paths. HEAD
    // answers as GET without the body (uptime monitors ask with HEAD). The first pages of a PDA and
    // of the public (/login, /search) get the light page, without the app's router and libraries;
    // the PDA's start screen (/pda, where its installed app opens) gets its own (src/web/pda/start).
    const path = req.url.split('?')[0]!;
    const page =
      hasLight && LIGHT_PAGES.has(path)
        ? 'light.html'
        : hasPdaStart && PDA_START.has(path)
          ? 'pda.html'
          : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });

  return app;
}

/** The pages light.html serves on a first load (src/web/light). */
const LIGHT_PAGES = new Set(['/login', '/search']);
/** The paths pda.html serves on a page load (src/web/pda/start). */
const PDA_START = new Set(['/pda', '/pda/']);

export const MAX_JSON_DEPTH = 64;

/** How deep a JSON text nests objects and arrays, read without parsing it (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}
