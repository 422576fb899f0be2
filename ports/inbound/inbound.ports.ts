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
  /** The exact text the provider must get back on success, else it retries (Dropbox Sign's). */
  readonly acknowledgement?: string;
  /** The signature covers only some fields (Dropbox Sign's event time and type): what the body says must be confirmed. */
  readonly bodyUnsigned?: boolean;
}

/** Checks a provider's signature over the raw bytes (constant time); throws `invalid_signature`. */
export interface ProviderVerifier {
  verify(raw: Uint8Array, headers: InboundHeaders): VerifiedDelivery;
}

export type TakeOutcome = 'taken' | 'processed' | 'in_progress';

/** The 24-hour event-id store: an id is taken atomically, and recorded only after success. */
export interface ProcessedEvents {
  take(provider: string, eventId: string, now: Date): Promise<TakeOutcome>;
  complete(provider: string, eventId: string, now: Date): Promise<void>;
  release(provider: string, eventId: string): Promise<void>;
}

export interface InboundAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** Sent as text/plain instead of `body` when the provider waits for an exact answer. */
  readonly text?: string;
}

/** A delivery that changes nothing here, and why (answered 200, or 202 where the provider expects it). */
export interface IgnoredDelivery {
  readonly ignored: string;
  readonly status?: 200 | 202;
}

export const ignore = (why: string, status: 200 | 202 = 200): IgnoredDelivery => ({ ignored: why, status });

export const isIgnored = (value: unknown): value is IgnoredDelivery => typeof value === 'object' && value !== null && 'ignored' in value;

export const ignoredAnswer = (ignored: IgnoredDelivery): InboundAnswer => ({
  status: ignored.status ?? 200,
  body: { received: true, ignored: ignored.ignored },
});

/**
 * The use case a provider's deliveries drive, taking a typed command (never the provider's JSON);
 * throwing makes the delivery fail with 500 so the sender retries.
 */
export interface CommandHandler<C> {
  handle(command: C): Promise<InboundAnswer>;
}

/** Turns a verified provider payload into a typed command, or says why it changes nothing. */
export type PayloadMapper<C> = (delivery: VerifiedDelivery) => C | IgnoredDelivery;

/** Remembers values for a while; `firstSight` is false for one seen within its window. */
export interface ReplayGuard {
  firstSight(value: string, now: Date, windowMs: number): Promise<boolean>;
}

/** A value deep inside a provider payload, or undefined when any step of the path is missing. */
export const valueAt = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value);

export interface InboundReceiver {
  readonly provider: string;
  readonly verifier: ProviderVerifier;
  /** The provider's payload mapper, then the use case its command drives. */
  process(delivery: VerifiedDelivery): Promise<InboundAnswer>;
  /** What a repeated event id answers (200). */
  readonly duplicateBody: Record<string, unknown>;
  /**
   * Deliveries whose verified signature was seen within `windowMs` are replays (409). Keyed on
   * the signature value that matched, not the header text, so padding or reordering the header
   * does not make a replay look new.
   */
  readonly replay?: { readonly windowMs: number };
}

/** A header a provider sends with its deliveries; `secret` ones carry the signature and are never logged. */
interface SignatureHeader {
  readonly name: string;
  readonly required: boolean;
  readonly secret: boolean;
  readonly description: string;
}

/** A provider's callback endpoint: where it is served, how it is documented, and who receives it. */
export interface InboundEndpoint {
  readonly path: string;
  /** The body's media types (`application/json` when not said). */
  readonly contentTypes?: readonly string[];
  readonly operationId: string;
  readonly summary: string;
  readonly signatureHeaders: readonly SignatureHeader[];
  readonly receiver: InboundReceiver;
}
