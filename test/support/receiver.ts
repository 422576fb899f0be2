import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A callback endpoint on loopback that records what it receives. */
export const startReceiver = async (options: { status?: number; hang?: boolean } = {}) => {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      waiters.splice(0).forEach((wake) => wake());
      if (options.hang) return;
      response.statusCode = options.status ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    /** Waits until `count` requests arrived (or the timeout passed). */
    async waitFor(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
