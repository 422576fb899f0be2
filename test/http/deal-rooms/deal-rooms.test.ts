import anyTest, { type TestFn } from 'ava';
import { HmacRoomTickets } from '../../../adapters/security/hmac-room-tickets.ts';
import { submitted } from '../../support/mothers.ts';
import { connect, socketAddress, wsUrlOf } from '../../support/deal-room-client.ts';
import { call, createTenant, JWT_SECRET, signedInUser, startTestApp, type Tenant, type TestApp } from '../../support/test-app.ts';
import { alteredInside } from '../../support/altered.ts';

const test = anyTest as TestFn<{ app: TestApp }>;

test.before(async (t) => {
  t.context = { app: await startTestApp({ env: { DEAL_ROOM_HEARTBEAT_MS: '200' } }) };
});
test.after.always(async (t) => t.context.app.close());

const openRoom = async (app: TestApp, tenant: Tenant, participantIds: string[] = []) => {
  const submission = await submitted(app, tenant);
  const created = await call(app.api, 'POST', '/v1/deal-rooms', { token: tenant.adminToken, body: { submissionId: submission.id, participantIds } });
  if (created.status !== 201) throw new Error(`room: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
};

test('a room for a submission: participants post and read oldest first; others are kept out', async (t) => {
  const { app } = t.context;
  const [tenant, other] = [await createTenant(app), await createTenant(app)];
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const outsider = await signedInUser(app, tenant, 'underwriter', 'outsider');
  const room = await openRoom(app, tenant, [underwriter.id]);
  t.like(room, { status: 'open', name: 'Placing Card Co' });
  t.is(room.participants.length, 2);

  for (const body of ['First', 'Second', 'Third']) {
    t.is((await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: underwriter.token, body: { body } })).status, 201);
  }
  const first = await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/messages?limit=2`, { token: tenant.adminToken });
  t.deepEqual(
    first.body.data.map((message: { body: string }) => message.body),
    ['First', 'Second'],
  );
  t.is(first.body.data[0].authorId, underwriter.id);
  const rest = await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/messages?limit=2&cursor=${first.body.nextCursor}`, { token: tenant.adminToken });
  t.deepEqual(
    rest.body.data.map((message: { body: string }) => message.body),
    ['Third'],
  );
  t.is(rest.body.nextCursor, null);

  // Staff see the room exists; only participants read or write it.
  t.is((await call(app.api, 'GET', `/v1/deal-rooms/${room.id}`, { token: outsider.token })).status, 200);
  t.is((await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/messages`, { token: outsider.token })).status, 403);
  t.is((await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: outsider.token, body: { body: 'hi' } })).status, 403);
  t.is((await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/ws`, { token: outsider.token })).status, 403);
  for (const path of [`/v1/deal-rooms/${room.id}`, `/v1/deal-rooms/${room.id}/messages`, `/v1/deal-rooms/${room.id}/ws`]) {
    t.is((await call(app.api, 'GET', path, { token: other.adminToken })).status, 404, path);
  }
  t.deepEqual((await call(app.api, 'GET', '/v1/deal-rooms', { token: other.adminToken })).body.data, []);

  t.like(await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: tenant.adminToken, body: { body: '   ' } }), { status: 400 });
  t.like(await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: tenant.adminToken, body: { body: 'x'.repeat(4001) } }), { status: 400 });
  const unknown = await call(app.api, 'POST', '/v1/deal-rooms', {
    token: tenant.adminToken,
    body: { submissionId: room.submissionId, participantIds: ['usr_nobody'] },
  });
  t.like(unknown, { status: 400, body: { details: { field: 'participantIds', rule: 'unknown_user' } } });
  const foreignSubmission = await submitted(app, other);
  t.is((await call(app.api, 'POST', '/v1/deal-rooms', { token: tenant.adminToken, body: { submissionId: foreignSubmission.id } })).status, 404);
});

test('every message, posted over HTTP or the socket, reaches every connected participant', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const underwriter = await signedInUser(app, tenant, 'underwriter');
  const room = await openRoom(app, tenant, [underwriter.id]);
  const admin = await connect(await wsUrlOf(app, tenant.adminToken, room.id));
  const colleague = await connect(await wsUrlOf(app, underwriter.token, room.id));
  t.teardown(() => [admin, colleague].forEach((client) => client.socket.close()));

  await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: underwriter.token, body: { body: 'Loss runs attached' } });
  for (const client of [admin, colleague]) {
    t.like(await client.next((frame) => frame.message?.body === 'Loss runs attached'), {
      type: 'message',
      message: { roomId: room.id, authorId: underwriter.id },
    });
  }
  admin.socket.send(JSON.stringify({ type: 'message', body: 'Premium approved' }));
  t.like(await colleague.next((frame) => frame.message?.body === 'Premium approved'), { message: { authorId: tenant.adminId } });
  const stored = await call(app.api, 'GET', `/v1/deal-rooms/${room.id}/messages`, { token: underwriter.token });
  t.deepEqual(
    stored.body.data.map((message: { body: string }) => message.body),
    ['Loss runs attached', 'Premium approved'],
  );

  admin.socket.send('not json');
  t.like(await admin.next((frame) => frame.type === 'error'), { error: 'validation_failed' });
  admin.socket.send(JSON.stringify({ type: 'message', body: 'bidi \u202Egnp.exe' }));
  t.is((await admin.next((frame) => frame.type === 'error' && frame !== admin.received.find((f) => f.type === 'error'))).error, 'validation_failed');
  // Another room's connections hear nothing of this one.
  const elsewhere = await openRoom(app, tenant);
  const outside = await connect(await wsUrlOf(app, tenant.adminToken, elsewhere.id));
  t.teardown(() => outside.socket.close());
  await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: underwriter.token, body: { body: 'Only here' } });
  await colleague.next((frame) => frame.message?.body === 'Only here');
  t.false(outside.received.some((frame) => frame.message?.body === 'Only here'));
});

test('the upgrade refuses altered, expired, missing and other rooms’ addresses with 401, and a room switched off', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const [room, other] = [await openRoom(app, tenant), await openRoom(app, tenant)];
  const address = await wsUrlOf(app, tenant.adminToken, room.id);
  const token = new URL(address).searchParams.get('token') as string;
  const refused = async (url: string) => (await t.throwsAsync(connect(url)))?.message;
  const base = socketAddress(app, `ws://x/v1/deal-rooms/${room.id}/ws`);
  t.is(await refused(`${base}?token=${alteredInside(token)}`), 'upgrade refused: 401');
  t.is(await refused(base), 'upgrade refused: 401');
  t.is(await refused(socketAddress(app, `ws://x/v1/deal-rooms/${other.id}/ws?token=${token}`)), 'upgrade refused: 401');
  const expired = new HmacRoomTickets(JWT_SECRET).issue({
    id: 'wst_expired',
    credential: { kind: 'user', userId: tenant.adminId },
    orgId: tenant.orgId,
    roomId: room.id,
    authorId: tenant.adminId,
    expiresAt: new Date(Date.now() - 1000),
  });
  t.is(await refused(`${base}?token=${expired}`), 'upgrade refused: 401');
  const forged = new HmacRoomTickets('another-secret-0123456789abcdef').issue({
    id: 'wst_forged',
    credential: { kind: 'user', userId: tenant.adminId },
    orgId: tenant.orgId,
    roomId: room.id,
    authorId: tenant.adminId,
    expiresAt: new Date(Date.now() + 60_000),
  });
  t.is(await refused(`${base}?token=${forged}`), 'upgrade refused: 401');
  t.is(await refused(socketAddress(app, 'ws://x/v1/elsewhere/ws')), 'upgrade refused: 404');

  t.is((await call(app.api, 'PUT', '/v1/flags/deal_rooms', { token: tenant.adminToken, body: { value: false } })).status, 200);
  t.is(await refused(address), 'upgrade refused: 403');
  t.like(await call(app.api, 'GET', `/v1/deal-rooms/${room.id}`, { token: tenant.adminToken }), { status: 403, body: { error: 'feature_disabled' } });
  await call(app.api, 'DELETE', '/v1/flags/deal_rooms', { token: tenant.adminToken });
  (await connect(address)).socket.close();
  t.is(await refused(address), 'upgrade refused: 401', 'an address opens one connection');
});

test('heartbeats: the server pings, and closes a connection that stops answering', async (t) => {
  const { app } = t.context;
  const tenant = await createTenant(app);
  const room = await openRoom(app, tenant);
  const answering = await connect(await wsUrlOf(app, tenant.adminToken, room.id));
  const pinged = new Promise<void>((resolve) => answering.socket.once('ping', () => resolve()));
  const silent = await connect(await wsUrlOf(app, tenant.adminToken, room.id), { autoPong: false });
  await pinged;
  t.is((await silent.closed).code, 1006, 'terminated without a closing handshake');
  t.is(answering.socket.readyState, answering.socket.OPEN);
  answering.socket.close();
});

test('a client that stops reading is dropped once its queue passes the limit; the others keep receiving', async (t) => {
  const app = await startTestApp({ env: { DEAL_ROOM_MAX_BUFFER_BYTES: '65536' } });
  t.teardown(app.close);
  const tenant = await createTenant(app);
  const room = await openRoom(app, tenant);
  const reader = await connect(await wsUrlOf(app, tenant.adminToken, room.id));
  const stalled = await connect(await wsUrlOf(app, tenant.adminToken, room.id));
  (stalled.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
  const body = 'x'.repeat(3990);
  // Past what the kernel's socket buffers hold, and then 64 KiB of the server's own queue.
  const posted = 2500;
  for (let sent = 0; sent < posted; sent += 1) {
    await call(app.api, 'POST', `/v1/deal-rooms/${room.id}/messages`, { token: tenant.adminToken, body: { body: `${sent} ${body}` } });
  }
  await reader.next((frame) => frame.message?.body.startsWith(`${posted - 1} `), 10_000);
  (stalled.socket as unknown as { _socket: { resume(): void } })._socket.resume();
  const outcome = await Promise.race([stalled.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
  t.deepEqual(outcome, { code: 1006 });
  t.true(stalled.received.length < posted, `${stalled.received.length} of ${posted} reached the stalled client before it was dropped`);
  t.is(reader.received.length, posted);
  reader.socket.close();
});
