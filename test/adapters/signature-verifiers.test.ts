import test from 'ava';
import Stripe from 'stripe';
import { StandardWebhooksVerifier, StripeSignatureVerifier } from '../../adapters/inbound/signature-verifiers.ts';
import { isDomainError } from '../../core/shared/domain-error.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return isDomainError(error) ? error.code : 'unexpected';
  }
};

test('Standard Webhooks: the specification example verifies; any change does not', (t) => {
  // The example of the Standard Webhooks specification.
  const verifier = new StandardWebhooksVerifier('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  const body = Buffer.from('{"test": 2432232314}');
  const headers = { 'wh-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'wh-timestamp': '1614265330', 'wh-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
  t.like(verifier.verify(body, headers), { eventId: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestampMs: 1614265330000 });
  t.is(codeOf(() => verifier.verify(body, { ...headers, 'wh-signature': 'v1,other v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })), null);
  t.is(codeOf(() => verifier.verify(Buffer.from('{"test": 2432232315}'), headers)), 'invalid_signature');
  t.is(codeOf(() => verifier.verify(body, { ...headers, 'wh-timestamp': '1614265331' })), 'invalid_signature');
  t.is(codeOf(() => verifier.verify(body, { ...headers, 'wh-signature': 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })), 'invalid_signature');
  t.is(codeOf(() => verifier.verify(body, { 'wh-id': headers['wh-id'] })), 'invalid_signature');
});

test('payment processor: a header built by the official SDK verifies; tampering does not', (t) => {
  const secret = 'whsec_test_secret_0123456789';
  const verifier = new StripeSignatureVerifier(secret);
  const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
  const stripe = new Stripe('sk_test_unused');
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: 1_700_000_000 });
  t.like(verifier.verify(Buffer.from(payload), { 'stripe-signature': header }), { eventId: 'evt_1', type: 'payment_intent.succeeded', timestampMs: 1_700_000_000_000 });
  t.is(codeOf(() => verifier.verify(Buffer.from(payload.replace('pi_1', 'pi_2')), { 'stripe-signature': header })), 'invalid_signature');
  t.is(codeOf(() => new StripeSignatureVerifier('whsec_other').verify(Buffer.from(payload), { 'stripe-signature': header })), 'invalid_signature');
  t.is(codeOf(() => verifier.verify(Buffer.from(payload), {})), 'invalid_signature');
  t.is(codeOf(() => verifier.verify(Buffer.from(payload), { 'stripe-signature': `t=1700000000,v1=${'0'.repeat(64)}` })), 'invalid_signature');
});
