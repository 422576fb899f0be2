// WebSocket fan-out on the real server: 500 clients connected to one deal room, 100 messages a
// second posted over HTTP; each message's delivery time to every client, from the moment its
// POST was sent. Target: p99 <= 100 ms. `npm run bench:deal-rooms`
// (BENCH_CLIENTS, BENCH_RATE per second, BENCH_DURATION seconds).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { BENCH_JWT_SECRET, BENCH_SECRET, json, organizationWithRoom } from './flow-client.ts';
import { startProcess, stopProcess } from './support.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const api = await startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
  API_SECRET: BENCH_SECRET,
  JWT_SECRET: BENCH_JWT_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  HTTP_MAX_CONNECTIONS: '200',
  // One demonstration token holds every client: its shares of the WebSocket slots are raised to match.
  DEAL_ROOM_MAX_CONNECTIONS: String(CLIENTS),
  DEAL_ROOM_CONNECTIONS_PER_ORGANIZATION: String(CLIENTS),
  DEAL_ROOM_CONNECTIONS_PER_PERSON: String(CLIENTS),
  DEAL_ROOM_CONNECTIONS_PER_PERSON_IN_ROOM: String(CLIENTS),
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

try {
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const { token, room } = await organizationWithRoom(base, 'Fan-out');

  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  let frames = 0;
  const clients: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const { wsUrl } = await json(`${base}/v1/deal-rooms/${room}/ws`, token);
    const url = new URL(wsUrl);
    const socket = new WebSocket(`ws://127.0.0.1:${api.ready.apiPort}${url.pathname}${url.search}`);
    socket.on('message', (data) => {
      const received = performance.now();
      const body = (JSON.parse(data.toString()) as { message: { body: string } }).message.body;
      const sent = sentAt.get(Number(body.slice(0, body.indexOf(' '))));
      frames += 1;
      if (sent !== undefined) delays.push(received - sent);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    clients.push(socket);
  }
  console.log(`${CLIENTS} clients connected to one room`);

  const total = RATE * DURATION_S;
  const started = performance.now();
  const posts: Promise<unknown>[] = [];
  for (let seq = 0; seq < total; seq += 1) {
    // Paced on the clock, not on the previous answer: a slow answer does not slow the rate.
    const due = started + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt.set(seq, performance.now());
    posts.push(json(`${base}/v1/deal-rooms/${room}/messages`, token, 'POST', { body: `${seq} quote discussion` }));
  }
  await Promise.all(posts);
  const expected = total * CLIENTS;
  const deadline = performance.now() + 10_000;
  while (frames < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed = (performance.now() - started) / 1000;
  delays.sort((a, b) => a - b);
  console.log(
    `${total} messages posted at ${RATE}/s over ${elapsed.toFixed(1)} s; ${frames} of ${expected} deliveries; delivery p50 ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms (target <= 100), max ${(delays.at(-1) ?? 0).toFixed(1)} ms`,
  );
  for (const client of clients) client.terminate();
} finally {
  await stopProcess(api.child);
}
