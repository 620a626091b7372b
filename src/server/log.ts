import pino, { type Logger } from 'pino';

/** How long a log line may wait in the buffer before it is written. */
export const LOG_FLUSH_MS = 1_000;
/** The buffer written in one go (a line of a request is about 300 bytes). */
const LOG_BUFFER_BYTES = 4_096;

/**
 * The process logger: pino writing to `dest` (standard output by default) through a buffer, so a
 * busy server writes its request lines a dozen at a time instead of one system call per request
 * (the bench servers' profiles showed those writes among the request's costs). A line
 * waits at most LOG_FLUSH_MS; pino writes what is left when the process exits (`process.exit`, an
 * uncaught error); only a kill of the process (SIGKILL, out of memory) loses the last second.
 */
export function processLogger(level: string, dest: number | string = 1): Logger {
  const stream = pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES });
  let buffered = false;
  const timer = setInterval(() => {
    if (!buffered) return;
    buffered = false;
    stream.flush((err) => void err);
  }, LOG_FLUSH_MS);
  timer.unref();
  stream.on('close', () => clearInterval(timer));
  const hooks = {
    streamWrite: (line: string) => {
      buffered = true;
      return scrubSecrets(line);
    },
  };
  return pino({ level, hooks, redact: LOG_REDACT }, stream);
}

/**
 * Fields that never reach the log (pino's redaction, by path): credentials in headers, and
 * passwords, tokens, keys and secrets in any object logged (one level down, and at the top).
 * No request or response body is logged today; this holds if one ever is.
 */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["idempotency-key"]',
    'req.headers["x-api-key"]',
    'res.headers["set-cookie"]',
    ...[
      'password',
      'newPassword',
      'oldPassword',
      'token',
      'accessToken',
      'refreshToken',
      'secret',
      'apiKey',
    ].flatMap((k) => [k, `*.${k}`]),
  ],
  censor: '[Redacted]',
};

/**
 * Secrets that have a shape of their own, wherever they appear in a line (a message, an error, a
 * URL's query): API keys (`pbo_…`), webhook signing secrets (`whsec_…`), bearer tokens, JWTs and
 * `token=`/`password=` query values.
 */
const SECRET_SHAPES: [RegExp, string][] = [
  [/\b(pbo|whsec)_[A-Za-z0-9_-]{6,}/g, '$1_[Redacted]'],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1[Redacted]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g, '[Redacted JWT]'],
  [/([?&](?:token|access_token|refresh_token|password|key|secret)=)[^&\s"]+/gi, '$1[Redacted]'],
];

/** A log line with the secrets of SECRET_SHAPES replaced. */
export function scrubSecrets(line: string): string {
  let out = line;
  for (const [shape, by] of SECRET_SHAPES) out = out.replace(shape, by);
  return out;
}
