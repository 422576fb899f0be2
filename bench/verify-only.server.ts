// The baseline for inbound deliveries: a bare restify handler that checks the payment processor's
// signature over the raw body in constant time and answers 200, doing nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import restify from 'restify';

const secret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
const server = restify.createServer({ name: 'verify-only' });
server.post('/webhooks/payment-processor', (request: restify.Request, response: restify.Response, next: restify.Next) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks);
    const header = String(request.headers['stripe-signature'] ?? '');
    const timestamp = /t=(\d+)/.exec(header)?.[1] ?? '';
    const given = Buffer.from(/v1=([0-9a-f]+)/.exec(header)?.[1] ?? '', 'hex');
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    response.send(valid ? 200 : 401, { received: valid });
    next();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
