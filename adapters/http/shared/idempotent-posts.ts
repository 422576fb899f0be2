import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';
import type { IdempotencyKeys } from '../../../ports/shared/idempotency-keys.port.ts';
import type { RouteResult } from './route.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** What a POST's key is checked against: the method, the path with its query, and a digest of the body as sent. */
export const fingerprintOf = (request: IncomingMessage, bodyDigest: string): string =>
  createHash('sha256').update(`${request.method} ${request.url}\n${bodyDigest}`).digest('hex');

export const digestOf = (bytes: Buffer | null): string =>
  createHash('sha256')
    .update(bytes ?? Buffer.alloc(0))
    .digest('hex');

/** A kept response is JSON: a file or a stream is answered again by running the request again. */
const keepable = (result: RouteResult): boolean => result.status < 500 && !(result.body instanceof Readable) && !Buffer.isBuffer(result.body);

/**
 * `Idempotency-Key` on a POST (Stripe's semantics): the first request with a key runs
 * and its answer is kept 24 hours for the credential; the same key and request again gets that
 * answer (with `Idempotent-Replayed: true`); the same key with another request is 422
 * `idempotency_key_reuse`; while the first still runs, 409. A request that fails (an error, a 5xx)
 * keeps nothing: sent again with its key, it runs again.
 */
export class IdempotentPosts {
  private readonly keys: IdempotencyKeys;

  constructor(keys: IdempotencyKeys) {
    this.keys = keys;
  }

  /** The key a POST carries, checked; null when it has none. */
  keyOf(request: IncomingMessage): string | null {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return null;
    if (Array.isArray(raw) || !KEY_FORMAT.test(raw)) {
      throw validationFailed(IDEMPOTENCY_HEADER, 'format', `'${IDEMPOTENCY_HEADER}' is 1 to 255 visible ASCII characters.`);
    }
    return raw;
  }

  async run(scope: string, key: string, fingerprint: string, handle: () => Promise<RouteResult>): Promise<RouteResult> {
    const taken = await this.keys.take(scope, key, fingerprint, new Date());
    if (taken.outcome === 'replay') return { ...taken.response, headers: { ...taken.response.headers, 'Idempotent-Replayed': 'true' } };
    if (taken.outcome === 'in_flight')
      throw new DomainError('conflict', 'A request with this Idempotency-Key is still being processed; send it again in a moment.');
    if (taken.outcome === 'reuse') {
      throw new DomainError(
        'idempotency_key_reuse',
        'This Idempotency-Key was used with another request in the last 24 hours; use a new key for a new request.',
      );
    }
    let result: RouteResult;
    try {
      result = await handle();
    } catch (error) {
      await this.keys.release(scope, key);
      throw error;
    }
    if (keepable(result)) await this.keys.complete(scope, key, { status: result.status, body: result.body ?? null, headers: result.headers ?? {} }, new Date());
    else await this.keys.release(scope, key);
    return result;
  }
}
