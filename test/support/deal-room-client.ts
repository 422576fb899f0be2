import { WebSocket } from 'ws';
import { call, type TestApp } from './test-app.ts';

/** A WebSocket client of a deal room that keeps what it receives, for tests and the benchmark. */
export interface RoomClient {
  readonly socket: WebSocket;
  readonly received: any[];
  /** Resolves with the first received frame matching, waiting up to `ms`. */
  next(match: (frame: any) => boolean, ms?: number): Promise<any>;
  closed: Promise<{ code: number }>;
}

/** The path and query of a `wsUrl`, on the test server's own address (the public base URL names no port in tests). */
export const socketAddress = (app: TestApp, wsUrl: string): string => {
  const url = new URL(wsUrl);
  return `${app.api.replace(/^http/, 'ws')}${url.pathname}${url.search}`;
};

export const wsUrlOf = async (app: TestApp, token: string, roomId: string): Promise<string> => {
  const answer = await call(app.api, 'GET', `/v1/deal-rooms/${roomId}/ws`, { token });
  if (answer.status !== 200) throw new Error(`ws address: ${answer.status} ${JSON.stringify(answer.body)}`);
  return socketAddress(app, answer.body.wsUrl);
};

/** Connects; rejects with the HTTP status when the upgrade is refused. */
export const connect = (address: string, options: { autoPong?: boolean } = {}): Promise<RoomClient> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(address, { autoPong: options.autoPong ?? true });
    const received: any[] = [];
    const waiters: { match: (frame: any) => boolean; done: (frame: any) => void }[] = [];
    const closed = new Promise<{ code: number }>((settle) => socket.on('close', (code) => settle({ code })));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      received.push(frame);
      for (const waiter of [...waiters]) {
        if (waiter.match(frame)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done(frame);
        }
      }
    });
    socket.on('unexpected-response', (_request, response) =>
      reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode })),
    );
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        received,
        closed,
        next: (match, ms = 5000) => {
          const already = received.find(match);
          if (already) return Promise.resolve(already);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching frame arrived')), ms);
            waiters.push({ match, done: (frame) => (clearTimeout(timer), done(frame)) });
          });
        },
      }),
    );
  });
