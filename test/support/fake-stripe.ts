import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Params = Record<string, unknown>;

/** `a[b][c]=v` form fields (as the SDK sends them) into nested objects. */
const parseForm = (body: string): Params => {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    path.slice(0, -1).forEach((part) => (target = (target[part] ??= {}) as Params));
    target[path[path.length - 1] as string] = value;
  }
  return result;
};

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Params;
  readonly idempotencyKey: string | undefined;
  readonly authorization: string | undefined;
}

interface Intent extends Params {
  id: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; charge: string; code: string } | null;
  latest_charge: string | null;
}

/**
 * A loopback stand-in for the payment processor's API: payment intents, confirmation, refunds,
 * idempotency keys (same key, same answer; same key with other parameters refused), and the
 * objects its events would carry.
 */
export const startFakeStripe = async (secretKey: string) => {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Params>();
  const byKey = new Map<string, { params: string; status: number; body: unknown }>();
  let counter = 0;
  const control = { confirmOutcome: 'succeed' as 'succeed' | 'decline', failNext: 0 };

  const next = (prefix: string) => `${prefix}_fake_${(counter += 1).toString().padStart(6, '0')}`;
  const decline = (intent: Intent, message: string) => {
    intent.status = 'requires_payment_method';
    intent.latest_charge = next('ch');
    intent.last_payment_error = { message, charge: intent.latest_charge, code: 'card_declined' };
  };
  const succeed = (intent: Intent) => {
    intent.status = 'succeeded';
    intent.latest_charge = next('ch');
    intent.last_payment_error = null;
    intent.amount_received = intent.amount;
  };
  const refundedOf = (intentId: string) => [...refunds.values()].filter((refund) => refund.payment_intent === intentId);

  const route = (method: string, path: string, params: Params): { status: number; body: unknown } => {
    const error = (status: number, type: string, message: string, extra: Params = {}) => ({ status, body: { error: { type, message, ...extra } } });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const metadata = (params.metadata ?? {}) as Record<string, string>;
      const id = next('pi');
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_x`,
        metadata,
        description: params.description,
        last_payment_error: null,
        latest_charge: null,
      };
      if (!Number.isSafeInteger(intent.amount) || intent.amount <= 0) return error(400, 'invalid_request_error', 'Invalid amount');
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1] as string);
      if (!intent) return error(404, 'invalid_request_error', 'No such payment_intent');
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: intent };
      if (method === 'POST' && intentPath[2]) {
        if (intent.status === 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent has already succeeded.');
        if (control.confirmOutcome === 'decline') {
          decline(intent, 'Your card was declined.');
          return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', payment_intent: intent });
        }
        succeed(intent);
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent || intent.status !== 'succeeded') return error(400, 'invalid_request_error', 'The payment intent has no successful charge to refund.');
      const amount = params.amount === undefined ? intent.amount : Number(params.amount);
      const already = refundedOf(intent.id).reduce((sum, refund) => sum + Number(refund.amount), 0);
      if (amount > intent.amount - already) return error(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge.');
      const refund = {
        id: next('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        metadata: params.metadata ?? {},
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const params = parseForm(body);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey, authorization: request.headers.authorization });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (control.failNext > 0) {
        control.failNext -= 1;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } }, { 'stripe-should-retry': 'false' });
      }
      const scope = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : null;
      const seen = scope ? byKey.get(scope) : undefined;
      if (seen) {
        if (seen.params !== body)
          return send(400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
      const answer = route(request.method ?? '', url.pathname, params);
      if (scope) byKey.set(scope, { params: body, ...answer });
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const intent = (id: string): Intent => {
    const found = intents.get(id);
    if (!found) throw new Error(`no intent ${id}`);
    return found;
  };
  return {
    base,
    requests,
    control,
    intent,
    /** The payer confirms in the browser and the charge goes through: the intent as `payment_intent.succeeded` carries it. */
    pay: (id: string) => {
      succeed(intent(id));
      return { ...intent(id) };
    },
    /** The payer's card is declined: the intent as `payment_intent.payment_failed` carries it. */
    decline: (id: string, message = 'Your card was declined.') => {
      decline(intent(id), message);
      return { ...intent(id) };
    },
    /** The charge of an intent after its refunds, as `charge.refunded` carries it (the refunds themselves are not listed since 2022-11-15). */
    refundedCharge: (id: string) => {
      const paid = intent(id);
      const list = refundedOf(id);
      return {
        id: paid.latest_charge,
        object: 'charge',
        payment_intent: id,
        amount: paid.amount,
        amount_refunded: list.reduce((sum, r) => sum + Number(r.amount), 0),
        metadata: paid.metadata,
      };
    },
    /** The refunds made of an intent, as `refund.created` carries each. */
    refundsOf: (id: string) => refundedOf(id).map((refund) => ({ ...refund })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
