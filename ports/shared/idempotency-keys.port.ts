/** A response kept for an `Idempotency-Key`, replayed as it was. */
export interface StoredResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string | string[]>>;
}

/**
 * What a POST carrying a key may do: run (`new`), answer what the first one answered (`replay`),
 * wait for the first one still running (`in_flight`), or nothing: the key was used for another
 * request (`reuse`).
 */
export type KeyOutcome =
  | { readonly outcome: 'new' }
  | { readonly outcome: 'replay'; readonly response: StoredResponse }
  | { readonly outcome: 'in_flight' }
  | { readonly outcome: 'reuse' };

/** How long a key answers with its first response. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A request holding a key this long without finishing is taken to have died: the key may run again. */
export const IDEMPOTENCY_LEASE_MS = 150_000;

/**
 * Keys per credential, in the store so that every process agrees: the first request takes its
 * key with a unique insert, and keeps its response there for 24 hours.
 */
export interface IdempotencyKeys {
  take(scope: string, key: string, fingerprint: string, now: Date): Promise<KeyOutcome>;
  complete(scope: string, key: string, response: StoredResponse, now: Date): Promise<void>;
  /** Lets the key run again (the request failed, or its answer cannot be kept). */
  release(scope: string, key: string): Promise<void>;
}
