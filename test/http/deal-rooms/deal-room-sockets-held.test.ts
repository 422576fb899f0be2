import anyTest, { type TestFn } from 'ava';
import { submitted } from '../../support/mothers.ts';
import { connect, wsUrlOf, type RoomClient } from '../../support/deal-room-client.ts';
import { call, createTenant, PASSWORD, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';

/**
 * Sockets one tenant cannot hold: an address opens one connection, each person and organization
 * has a share of the WebSocket slots (which are apart from HTTP's), messages over sockets draw
 * from the sender's request budget, and an open socket answers to its credential.
 */
const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp({ env: { DEAL_ROOM_RECHECK_MS: '60000' } }) };
});
test.after.always(async (t) => t.context.app.close());

const openRoom = async (app: TestApp, tenant: Tenant, participantIds: string[] = []) => {
  const submission = await submitted(app, tenant);
  const created = await call(app.api, 'POST', '/v1/deal-rooms', { token: tenant.adminToken, body: { submissionId: submission.id, participantIds } });
  if (created.status !== 201) throw new Error(`room: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string };
};

const refusal = async (address: Promise<string>): Promise<number | 'open'> => {
  try {
    const client = await connect(await address);
    client.socket.close();
    return 'open';
  } catch (error) {
    return (error as { status: number }).status;
  }
};

const closeAll = (clients: RoomClient[]) => () => clients.forEach((client) => client.socket.terminate());

test('each person, organization and the service have their share of sockets; HTTP keeps all of its connections', async (t) => {
  const app = await startTestApp({
    env: {
      DEAL_ROOM_CONNECTIONS_PER_PERSON_IN_ROOM: '2',
      DEAL_ROOM_CONNECTIONS_PER_PERSON: '3',
      DEAL_ROOM_CONNECTIONS_PER_ORGANIZATION: '4',
      DEAL_ROOM_MAX_CONNECTIONS: '5',
      HTTP_MAX_CONNECTIONS: '16',
    },
  });
  t.teardown(app.close);
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const [first, second, third] = [await openRoom(app, tenant, [underwriter.id]), await openRoom(app, tenant), await openRoom(app, tenant)];
  const clients: RoomClient[] = [];
  t.teardown(closeAll(clients));
  const open = async (token: string, roomId: string) => clients.push(await connect(await wsUrlOf(app, token, roomId)));

  await open(tenant.adminToken, first.id);
  await open(tenant.adminToken, first.id);
  t.is(await refusal(wsUrlOf(app, tenant.adminToken, first.id)), 429, 'two per person in a room');
  await open(tenant.adminToken, second.id);
  t.is(await refusal(wsUrlOf(app, tenant.adminToken, third.id)), 429, 'three per person in the organization');
  await open(underwriter.token, first.id);
  t.is(await refusal(wsUrlOf(app, underwriter.token, first.id)), 429, 'four per organization');

  const elsewhere = await openRoom(app, other);
  await open(other.adminToken, elsewhere.id);
  t.is(await refusal(wsUrlOf(app, other.adminToken, elsewhere.id)), 503, 'five in the service');

  // Sixteen HTTP requests at once, as many as HTTP's own cap, all answer while the sockets stay open.
  const answers = await Promise.all(
    Array.from({ length: 16 }, () => fetch(`${app.api}/v1/users`, { headers: { authorization: `Bearer ${other.adminToken}`, connection: 'close' } })),
  );
  t.deepEqual(
    answers.map((answer) => answer.status),
    Array.from({ length: 16 }, () => 200),
  );

  // A socket closed gives its slot back.
  const freed = clients.shift() as RoomClient;
  freed.socket.close();
  await freed.closed;
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.is(await refusal(wsUrlOf(app, tenant.adminToken, first.id)), 'open');
});

test('messages sent over sockets draw from the sender’s request budget, across all of its sockets', async (t) => {
  const app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '25' } });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const reader = await signedInUser(app, tenant, 'underwriter');
  const room = await openRoom(app, tenant, [reader.id]);
  const clients = [await connect(await wsUrlOf(app, tenant.adminToken, room.id)), await connect(await wsUrlOf(app, tenant.adminToken, room.id))];
  t.teardown(closeAll(clients));
  // The administrator spent five requests of its 25 (a user, a submission, a room, two addresses): 20 are left for 2 × 20 messages.
  for (let sent = 0; sent < 20; sent += 1) for (const client of clients) client.socket.send(JSON.stringify({ type: 'message', body: `m${sent}` }));
  // Whichever socket's messages come last hears that the budget is spent (waited for generously on a busy machine).
  const refusal = await Promise.any(clients.map((client) => client.next((frame) => frame.type === 'error' && frame.error === 'rate_limited', 30_000)));
  t.like(refusal, { error: 'rate_limited' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stored = await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/messages?limit=200`, { token: reader.token });
  t.is(stored.body.data.length, 20, `${stored.body.data.length} messages stored`);
  t.is((await call(app.api, 'GET', '/v1/users', { token: tenant.adminToken })).status, 429, 'the same budget as HTTP');
});

test('an open socket answers to its credential: a role change, a sign-out and the feature switched off close it at once', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter', 'uma');
  const room = await openRoom(app, tenant, [underwriter.id]);

  const demoted = await connect(await wsUrlOf(app, underwriter.token, room.id));
  t.teardown(() => demoted.socket.terminate());
  await call(app.api, 'PATCH', `/v1/users/${underwriter.id}`, { token: tenant.adminToken, body: { role: 'billing_admin' } });
  t.is((await demoted.closed).code, 4403, 'a role that takes no part in deal rooms');

  const signIn = await call(app.auth, 'POST', '/api/auth/sign-in/email', { body: { email: tenant.adminEmail, password: PASSWORD } });
  const sessionToken = /svc_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const session = await connect(await wsUrlOf(app, signIn.body.token, room.id));
  t.teardown(() => session.socket.terminate());
  const spare = await wsUrlOf(app, signIn.body.token, room.id);
  await call(app.auth, 'POST', '/api/auth/sign-out', { headers: { cookie: `svc_session=${sessionToken}` } });
  t.is((await session.closed).code, 4401, 'signed out');
  t.is(await refusal(Promise.resolve(spare)), 401, 'an address of the ended session opens nothing');

  const flagged = await connect(await wsUrlOf(app, tenant.adminToken, room.id));
  t.teardown(() => flagged.socket.terminate());
  t.is((await call(app.api, 'PUT', '/v1/flags/deal_rooms', { token: tenant.adminToken, body: { value: false } })).status, 200);
  t.is((await flagged.closed).code, 4403, 'deal rooms switched off');
  await call(app.api, 'DELETE', '/v1/flags/deal_rooms', { token: tenant.adminToken });
});

test('an API key’s socket closes when the key is revoked; the periodic check closes what other processes changed', async (t) => {
  const app = await startTestApp({ env: { DEAL_ROOM_RECHECK_MS: '200' } });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const room = await openRoom(app, tenant);
  const created = await call(app.api, 'POST', '/v1/api-keys', {
    token: tenant.adminToken,
    body: { name: 'room bot', scopes: ['deal-rooms:read', 'deal-rooms:write'], expiresAt: null },
  });
  const wsUrl = (await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/ws`, { apiKey: created.body.key })).body.wsUrl;
  const bot = await connect(`${app.api.replace(/^http/, 'ws')}${new URL(wsUrl).pathname}${new URL(wsUrl).search}`);
  t.teardown(() => bot.socket.terminate());
  t.is((await call(app.api, 'DELETE', `/v1/api-keys/${created.body.id}`, { token: tenant.adminToken })).status, 204);
  t.is((await bot.closed).code, 4401);

  // The creator demoted by another process sharing the store: no word reaches this one, the periodic check does.
  const keeper = await signedInUser(app, tenant, 'underwriter', 'kim');
  const admitted = await openRoom(app, tenant, [keeper.id]);
  const socket = await connect(await wsUrlOf(app, keeper.token, admitted.id));
  t.teardown(() => socket.socket.terminate());
  await app.app.store.collection('users').updateOne({ _id: keeper.id }, { $set: { role: 'auditor' } });
  t.is((await socket.closed).code, 4403);
});
