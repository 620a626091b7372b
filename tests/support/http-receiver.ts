import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver took: its headers, its body as sent, and that body read as JSON. */
export interface Received<T = unknown> {
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON; null when it is not JSON. */
  body: T | null;
}

export interface ReceiverAnswer {
  status: number;
  body: string;
}

export interface Receiver<T = unknown> {
  /** Every request taken so far, oldest first (tests may empty it). */
  received: Received<T>[];
  /** This receiver's address with `path`. */
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for an outside service the product posts to (the CITC, a group
 * bot's webhook): keeps every request and answers each one with what `answer` returns for it, as
 * JSON. Listens on a free port of 127.0.0.1.
 */
export async function startReceiver<T = unknown>(
  answer: (r: Received<T>) => ReceiverAnswer,
): Promise<Receiver<T>> {
  const received: Received<T>[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
    });
    req.on('end', () => {
      let body: T | null = null;
      try {
        body = JSON.parse(text) as T;
      } catch {
        // not JSON: the answer decides
      }
      const r: Received<T> = { headers: req.headers, text, body };
      received.push(r);
      const a = answer(r);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
