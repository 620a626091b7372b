import { createServer, type Server } from 'node:net';

/** A stand-in for a network label printer: takes raw connections on a port, keeps what each sent. */
export async function fakePrinter(port: number) {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('end', () => {
      received.push(data);
      socket.end();
    });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
