import test from 'ava';
import Stripe from 'stripe';
import { createHmac } from 'node:crypto';
import { StandardWebhooksVerifier } from '../../adapters/inbound/email/standard-webhooks.verifier.ts';
import { ESignatureVerifier } from '../../adapters/inbound/esign/esign-signature.verifier.ts';
import { IdentitySignatureVerifier } from '../../adapters/inbound/identity/identity-signature.verifier.ts';
import { StripeSignatureVerifier } from '../../adapters/inbound/stripe/stripe-signature.verifier.ts';
import { spaceSeparated, timestampedPairs } from '../../adapters/inbound/shared/signature-checks.ts';
import { codeOf } from '../support/error-codes.ts';

test('Standard Webhooks: the specification example verifies; any change does not', (t) => {
  // The example of the Standard Webhooks specification.
  const verifier = new StandardWebhooksVerifier('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  const body = Buffer.from('{"test": 2432232314}');
  const headers = { 'wh-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'wh-timestamp': '1614265330', 'wh-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
  t.like(verifier.verify(body, headers), { eventId: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestampMs: 1614265330000 });
  t.is(
    codeOf(() => verifier.verify(body, { ...headers, 'wh-signature': 'v1,other v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })),
    null,
  );
  t.is(
    codeOf(() => verifier.verify(Buffer.from('{"test": 2432232315}'), headers)),
    'invalid_signature',
  );
  t.is(
    codeOf(() => verifier.verify(body, { ...headers, 'wh-timestamp': '1614265331' })),
    'invalid_signature',
  );
  t.is(
    codeOf(() => verifier.verify(body, { ...headers, 'wh-signature': 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })),
    'invalid_signature',
  );
  t.is(
    codeOf(() => verifier.verify(body, { 'wh-id': headers['wh-id'] })),
    'invalid_signature',
  );
});

test('payment processor: a header built by the official SDK verifies; tampering does not', (t) => {
  const secret = 'whsec_test_secret_0123456789';
  const verifier = new StripeSignatureVerifier(secret);
  const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
  const stripe = new Stripe('sk_test_unused');
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: 1_700_000_000 });
  t.like(verifier.verify(Buffer.from(payload), { 'stripe-signature': header }), {
    eventId: 'evt_1',
    type: 'payment_intent.succeeded',
    timestampMs: 1_700_000_000_000,
  });
  t.is(
    codeOf(() => verifier.verify(Buffer.from(payload.replace('pi_1', 'pi_2')), { 'stripe-signature': header })),
    'invalid_signature',
  );
  t.is(
    codeOf(() => new StripeSignatureVerifier('whsec_other').verify(Buffer.from(payload), { 'stripe-signature': header })),
    'invalid_signature',
  );
  t.is(
    codeOf(() => verifier.verify(Buffer.from(payload), {})),
    'invalid_signature',
  );
  t.is(
    codeOf(() => verifier.verify(Buffer.from(payload), { 'stripe-signature': `t=1700000000,v1=${'0'.repeat(64)}` })),
    'invalid_signature',
  );
});

test('signatures are accepted only as well-formed lowercase hex (or base64) of the exact length', (t) => {
  const body = Buffer.from(JSON.stringify({ id: 'evt_9', event: 'DOCUMENT_SENT', createdAt: new Date(0).toISOString(), data: { documentId: 'd' } }));
  const hex = createHmac('sha256', 'esign-secret').update(body).digest('hex');
  const esign = new ESignatureVerifier('esign-secret');
  t.like(esign.verify(body, { 'x-webhook-signature': hex }), { eventId: 'evt_9', signature: hex });
  t.is(
    codeOf(() => esign.verify(body, { 'x-webhook-signature': `sha256=${hex}` })),
    null,
  );
  for (const malformed of [hex.toUpperCase(), `${hex}0`, hex.slice(0, 62), `${hex.slice(0, 63)}g`, `${hex}zz`, ` ${hex}x`, `SHA256=${hex}`]) {
    t.is(
      codeOf(() => esign.verify(body, { 'x-webhook-signature': malformed })),
      'invalid_signature',
      malformed,
    );
  }

  const identity = new IdentitySignatureVerifier('identity-secret');
  const event = Buffer.from(JSON.stringify({ data: { id: 'evt_i', attributes: { name: 'inquiry.completed' } } }));
  const mac = createHmac('sha256', 'identity-secret').update(`1700000000.`).update(event).digest('hex');
  t.like(identity.verify(event, { 'identity-signature': `t=1700000000,v1=${'0'.repeat(64)},v1=${mac}` }), { signature: mac });
  for (const malformed of [mac.toUpperCase(), `${mac}00`, mac.slice(0, 62)]) {
    t.is(
      codeOf(() => identity.verify(event, { 'identity-signature': `t=1700000000,v1=${malformed}` })),
      'invalid_signature',
      malformed,
    );
  }

  const standard = new StandardWebhooksVerifier('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  const example = Buffer.from('{"test": 2432232314}');
  const headers = { 'wh-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'wh-timestamp': '1614265330' };
  for (const malformed of [
    'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE',
    'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE==',
    'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=!',
  ]) {
    t.is(
      codeOf(() => standard.verify(example, { ...headers, 'wh-signature': malformed })),
      'invalid_signature',
      malformed,
    );
  }
});

test('a signature header longer than 4 KiB is refused unread, even when a valid signature is inside it', (t) => {
  const event = Buffer.from(JSON.stringify({ data: { id: 'evt_long', attributes: { name: 'inquiry.completed' } } }));
  const mac = createHmac('sha256', 'identity-secret').update('1700000000.').update(event).digest('hex');
  const identity = new IdentitySignatureVerifier('identity-secret');
  const pair = `t=1700000000,v1=${mac}`;
  // Padding that a provider never sends: the old parser read it (quadratically) and found the pair.
  t.is(
    codeOf(() => identity.verify(event, { 'persona-signature': `${' '.repeat(4096 - pair.length)}${pair}` })),
    null,
  );
  t.is(
    codeOf(() => identity.verify(event, { 'persona-signature': `${' '.repeat(15_000)}${pair}` })),
    'invalid_signature',
  );

  const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });
  const stripeHeader = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: 'whsec_s', timestamp: 1_700_000_000 });
  const stripe = new StripeSignatureVerifier('whsec_s');
  t.is(
    codeOf(() => stripe.verify(Buffer.from(payload), { 'stripe-signature': `${stripeHeader},${'x'.repeat(4096)}` })),
    'invalid_signature',
  );

  const body = Buffer.from(JSON.stringify({ id: 'evt_9', event: 'DOCUMENT_SENT', createdAt: new Date(0).toISOString() }));
  const hex = createHmac('sha256', 'esign-secret').update(body).digest('hex');
  t.is(
    codeOf(() => new ESignatureVerifier('esign-secret').verify(body, { 'x-webhook-signature': `${hex}${' '.repeat(4096)}` })),
    'invalid_signature',
  );

  const standard = new StandardWebhooksVerifier('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  const example = Buffer.from('{"test": 2432232314}');
  const headers = { 'wh-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'wh-timestamp': '1614265330' };
  const valid = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
  t.is(
    codeOf(() => standard.verify(example, { ...headers, 'wh-signature': `${'v1,x '.repeat(100)}${valid}` })),
    null,
  );
  t.is(
    codeOf(() => standard.verify(example, { ...headers, 'wh-signature': `${' '.repeat(4096)}${valid}` })),
    'invalid_signature',
  );
  t.is(
    codeOf(() => standard.verify(example, { ...headers, 'wh-id': `${headers['wh-id']}${'a'.repeat(4096)}`, 'wh-signature': valid })),
    'invalid_signature',
  );
});

test('rotation pairs and signature lists are split in one pass: runs of spaces, tabs and commas', (t) => {
  t.deepEqual(timestampedPairs('t=1,v1=a t=2,v1=b'), ['t=1,v1=a', 't=2,v1=b']);
  t.deepEqual(timestampedPairs('  t=1, v1=a,\tv1=b    t=2,v1=c  '), ['t=1,v1=a,v1=b', 't=2,v1=c']);
  t.deepEqual(timestampedPairs(' \t '), []);
  t.deepEqual(spaceSeparated('v1,a  v1,b\tv1,c '), ['v1,a', 'v1,b', 'v1,c']);
  const event = Buffer.from(JSON.stringify({ data: { id: 'evt_r', attributes: { name: 'inquiry.completed' } } }));
  const mac = (secret: string) => createHmac('sha256', secret).update('1700000000.').update(event).digest('hex');
  const rotating = `t=1700000000,v1=${mac('old-secret')} t=1700000000,v1=${mac('new-secret')}`;
  t.like(new IdentitySignatureVerifier('new-secret').verify(event, { 'persona-signature': rotating }), { signature: mac('new-secret') });
  t.like(new IdentitySignatureVerifier('old-secret').verify(event, { 'persona-signature': rotating }), { signature: mac('old-secret') });
});
