export const ENVELOPE_STATUSES = ['sent', 'viewed', 'completed', 'declined', 'voided', 'expired'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export interface Signer {
  readonly name: string;
  readonly email: string;
}

/** A stored document sent for signature. */
export interface SigningEnvelope {
  readonly id: string;
  readonly orgId: string;
  readonly documentId: string;
  /** The id the e-signature provider gave the document. */
  readonly externalDocumentId: string;
  readonly status: EnvelopeStatus;
  readonly signers: readonly Signer[];
  readonly subject: string | null;
  readonly completedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const PROVIDER_EVENTS: Readonly<Record<string, EnvelopeStatus>> = {
  DOCUMENT_COMPLETED: 'completed',
  DOCUMENT_SIGNED: 'completed',
  DOCUMENT_REJECTED: 'declined',
  DOCUMENT_DECLINED: 'declined',
  DOCUMENT_CANCELLED: 'voided',
  DOCUMENT_VOIDED: 'voided',
  DOCUMENT_OPENED: 'viewed',
  DOCUMENT_SENT: 'sent',
  DOCUMENT_EXPIRED: 'expired',
};

/** The normalized status for a provider event name, or null for events that change nothing. */
export const statusForProviderEvent = (event: string): EnvelopeStatus | null => PROVIDER_EVENTS[event] ?? null;

const FINAL: ReadonlySet<EnvelopeStatus> = new Set(['completed', 'declined', 'voided', 'expired']);

export const isFinal = (status: EnvelopeStatus): boolean => FINAL.has(status);

/**
 * Statuses from which an envelope moves to `next`. Providers deliver out of order, so a final
 * status never changes and `viewed` never goes back to `sent`.
 */
export const statusesThatMayBecome = (next: EnvelopeStatus): EnvelopeStatus[] => {
  if (next === 'sent') return [];
  if (next === 'viewed') return ['sent'];
  return ['sent', 'viewed'];
};
