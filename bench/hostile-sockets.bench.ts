// One participant trying to hold the deal-room WebSockets, against the real server (item by item,
// each on a fresh process): how many sockets one person opens into one room when it asks for
// 1,200 (one fresh address each); whether another organization's 50 new HTTP connections made at
// that moment are all answered; and how many messages 20 sockets of one person store in 4 seconds
// under a 100-a-minute request budget. `npm run bench:hostile-sockets` (BENCH_SOCKETS to change).
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { BENCH_JWT_SECRET, BENCH_SECRET, json, organizationWithRoom } from './flow-client.ts';
import { startProcess, stopProcess } from './support.ts';

const ATTEMPTS = Number(process.env.BENCH_SOCKETS ?? 1_200);

const serve = (env: Record<string, string>) =>
  startProcess<{ apiPort: number }>(join(import.meta.dirname, 'api.server.ts'), {
    API_SECRET: BENCH_SECRET,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'warn',
    ...env,
  });

/** Opens a socket on a fresh address; resolves with it, or null when the upgrade is refused. */
const open = async (base: string, port: number, token: string, room: string): Promise<WebSocket | null> => {
  const address = await fetch(`${base}/v1/deal-rooms/${room}/ws`, { headers: { authorization: `Bearer ${token}` } });
  if (address.status !== 200) return null;
  const url = new URL(((await address.json()) as { wsUrl: string }).wsUrl);
  const socket = new WebSocket(`ws://127.0.0.1:${port}${url.pathname}${url.search}`);
  return new Promise((resolve) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', () => resolve(null));
    socket.once('error', () => resolve(null));
  });
};

// 1. Slots: one person, one room, as many sockets as it can get.
{
  const api = await serve({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const attacker = await organizationWithRoom(base, 'Holder');
  const bystander = await organizationWithRoom(base, 'Bystander');
  const sockets: WebSocket[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const socket = await open(base, api.ready.apiPort, attacker.token, attacker.room);
    if (socket) sockets.push(socket);
  }
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      fetch(`${base}/v1/users`, { headers: { authorization: `Bearer ${bystander.token}`, connection: 'close' } })
        .then((response) => response.status)
        .catch(() => 0),
    ),
  );
  const bystanderSocket = await open(base, api.ready.apiPort, bystander.token, bystander.room);
  console.log(`one person asked for ${ATTEMPTS} sockets in one room: ${sockets.length} opened`);
  console.log(`another organization's 50 new HTTP connections: ${answers.filter((status) => status === 200).length} answered 200`);
  console.log(`another organization's socket: ${bystanderSocket ? 'opened' : 'refused'}`);
  for (const socket of [...sockets, bystanderSocket]) socket?.terminate();
  await stopProcess(api.child);
}

// 2. Budget: 20 sockets of one person, 30 messages each, under 100 requests a minute.
{
  const api = await serve({ RATE_LIMIT_PER_MINUTE: '100' });
  const base = `http://127.0.0.1:${api.ready.apiPort}`;
  const sender = await organizationWithRoom(base, 'Sender');
  const sockets = (await Promise.all(Array.from({ length: 20 }, () => open(base, api.ready.apiPort, sender.token, sender.room)))).filter(
    (socket): socket is WebSocket => socket !== null,
  );
  for (let round = 0; round < 30; round += 1) {
    for (const socket of sockets) socket.send(JSON.stringify({ type: 'message', body: `round ${round}` }));
    await new Promise((resolve) => setTimeout(resolve, 4_000 / 30));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Read with the machine secret, whose budget is its own.
  let stored = 0;
  let cursor: string | null = null;
  do {
    const page: Record<string, any> = await json(
      `${base}/v1/deal-rooms/${sender.room}/messages?orgId=${sender.orgId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      BENCH_SECRET,
    );
    stored += page.data.length;
    cursor = page.nextCursor;
  } while (cursor);
  console.log(`${sockets.length} sockets of one person sent ${sockets.length * 30} messages in 4 s under a 100-a-minute budget: ${stored} stored`);
  for (const socket of sockets) socket.terminate();
  await stopProcess(api.child);
}
