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
      return line;
    },
  };
  return pino({ level, hooks }, stream);
}
