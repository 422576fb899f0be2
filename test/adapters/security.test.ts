import test from 'ava';
import { Hs256TokenSigner } from '../../adapters/security/hs256-token-signer.ts';
import { HmacRoomTickets } from '../../adapters/security/hmac-room-tickets.ts';
import { NodeSecretTools } from '../../adapters/security/node-secret-tools.ts';
import { ScryptPasswordHasher } from '../../adapters/security/scrypt-password-hasher.ts';
import { TimeOrderedIds } from '../../adapters/system/time-ordered-ids.ts';
import { issueClaims } from '../../core/identity/service-claims.ts';

const signer = new Hs256TokenSigner('a-signing-key-that-is-long-enough-0123456789');
const now = Date.parse('2026-11-21T12:00:00Z');
const claims = issueClaims({ sub: 'usr_1', org: 'org_1', role: 'underwriter' }, now, 8 * 3600);

test('HS256 tokens round-trip and expire at exp', (t) => {
  const token = signer.sign(claims);
  t.deepEqual(signer.verify(token, now), claims);
  t.throws(() => signer.verify(token, now + 8 * 3600 * 1000), { message: /expired/ });
  t.throws(() => new Hs256TokenSigner('short'));
});

test('tokens signed with another key, altered, or unsigned are refused', (t) => {
  const token = signer.sign(claims);
  const other = new Hs256TokenSigner('another-signing-key-that-is-long-enough-0123').sign(claims);
  t.throws(() => signer.verify(other, now), { message: /signature/ });
  const [h, p, s] = token.split('.') as [string, string, string];
  t.throws(() => signer.verify(`${h}.${p}.${s.slice(0, -1)}A`, now));
  t.throws(() => signer.verify(`${h}.${p}`, now));
  t.throws(() => signer.verify(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`, now), { message: /algorithm/ });
  t.throws(() => signer.verify(signer.sign({ ...claims, role: 'emperor' as never }), now));
});

test('scrypt hashes are salted per user and verify only the right password', async (t) => {
  const hasher = new ScryptPasswordHasher(1024);
  const first = await hasher.hash('correct horse battery staple');
  const second = await hasher.hash('correct horse battery staple');
  t.not(first, second);
  t.regex(first, /^scrypt\$1024\$8\$1\$/);
  t.true(await hasher.verify('correct horse battery staple', first));
  t.false(await hasher.verify('correct horse battery stapler', first));
  t.false(await hasher.verify('x', 'not-a-hash'));
  t.false(await hasher.verifyNothing('anything'));
});

test('secrets compare in constant time and digest to hex', (t) => {
  const tools = new NodeSecretTools();
  t.true(tools.same('abc', 'abc'));
  t.false(tools.same('abc', 'abcd'));
  t.regex(tools.digest('x'), /^[0-9a-f]{64}$/);
  t.regex(tools.randomToken(32), /^[A-Za-z0-9_-]{43}$/);
});

test('ids sort by creation, even within one millisecond', (t) => {
  const ids = new TimeOrderedIds();
  const made = Array.from({ length: 5_000 }, () => ids.next('usr'));
  t.deepEqual([...made].sort(), made);
  t.is(new Set(made).size, made.length);
  t.regex(made[0] ?? '', /^usr_[0-9a-f]{28}$/);
});

test('deal room tickets: intact and unexpired only, for the room and author they name', (t) => {
  const tickets = new HmacRoomTickets('a-secret-of-enough-length-0123456789');
  const now = new Date('2027-01-01T00:00:00Z');
  const credential = { kind: 'user', userId: 'usr_1', sessionId: 'ses_1' } as const;
  const token = tickets.issue({ id: 'wst_1', orgId: 'org_1', roomId: 'drm_1', authorId: 'usr_1', credential, expiresAt: new Date(now.getTime() + 300_000) });
  t.like(tickets.verify(token, now), { id: 'wst_1', orgId: 'org_1', roomId: 'drm_1', authorId: 'usr_1', credential });
  t.is(tickets.verify(token, new Date(now.getTime() + 300_000)), null, 'expired at its second');
  const [payload, mac] = token.split('.') as [string, string];
  const swapped = Buffer.from(JSON.stringify({ o: 'org_1', r: 'drm_2', a: 'usr_1', e: 1e10 })).toString('base64url');
  t.is(tickets.verify(`${swapped}.${mac}`, now), null, 'another room under the same signature');
  t.is(tickets.verify(`${payload}.${mac}.x`, now), null);
  t.is(tickets.verify(`${payload}.`, now), null);
  t.is(tickets.verify('x'.repeat(5000), now), null);
  t.is(new HmacRoomTickets('another-secret-of-enough-length-0123').verify(token, now), null);
});
