import test from 'ava';
import Stripe from 'stripe';
import { createHmac } from 'node:crypto';
import { StandardWebhooksVerifier } from '../../adapters/inbound/email/standard-webhooks.verifier.ts';
import { ESignatureVerifier } from '../../adapters/inbound/esign/esign-signature.verifier.ts';
import { IdentitySignatureVerifier } from '../../adapters/inbound/identity/identity-signature.verifier.ts';
import { StripeSignatureVerifier } from '../../adapters/inbound/stripe/stripe-signature.verifier.ts';
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
