/** Request headers as received, lower-cased names. */
export type InboundHeaders = Readonly<Record<string, string | string[] | undefined>>;


/** A delivery whose signature checked out. */
export interface VerifiedDelivery {
  readonly eventId: string;
  readonly timestampMs: number;
  readonly type: string;
  readonly payload: Record<string, unknown>;
  /** The signature value that matched, in its canonical form (what a replay guard keys on). */
  readonly signature: string;
}

/** Checks a provider's signature over the raw bytes (constant time); throws `invalid_signature`. */
export interface ProviderVerifier {
  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery;
}

export type ClaimOutcome = 'claimed' | 'processed' | 'in_progress';

/** The 24-hour event-id store: an id is claimed atomically, and recorded only after success. */
export interface ProcessedEvents {
  claim(provider: string, eventId: string, now: Date): Promise<ClaimOutcome>;
  complete(provider: string, eventId: string, now: Date): Promise<void>;
  release(provider: string, eventId: string): Promise<void>;
}

export interface InboundAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** What a provider's event does here; throwing makes the delivery fail with 500 so the sender retries. */
export interface InboundHandler {
  handle(delivery: VerifiedDelivery): Promise<InboundAnswer>;
}

/** Remembers values for a while; `firstSight` is false for one seen within its window. */
export interface ReplayGuard {
  firstSight(value: string, now: Date, windowMs: number): Promise<boolean>;
}

/** A value deep inside a provider payload, or undefined when any step of the path is missing. */
export const valueAt = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);
