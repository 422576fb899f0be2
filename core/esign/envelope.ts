import { lifecycle } from '../shared/lifecycle.ts';

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
  /** The provider it was sent through (`local`, `docusign`, `dropbox-sign`): voids go back to it. */
  readonly provider: string;
  readonly status: EnvelopeStatus;
  readonly signers: readonly Signer[];
  readonly subject: string | null;
  readonly completedAt: Date | null;
  /** The signed copy the provider returned on completion, stored as a document of the organization. */
  readonly signedDocumentId: string | null;
  readonly voidedReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Providers deliver out of order, so a final status never changes and `viewed` never goes back to
 * `sent`. The provider's own "sent" notice confirms the status an envelope is created with and
 * moves nothing.
 */
export const ENVELOPE_LIFECYCLE = lifecycle({
  subject: 'envelope',
  statuses: ENVELOPE_STATUSES,
  moves: {
    confirm_sent: { from: [], to: 'sent' },
    view: { from: ['sent'], to: 'viewed' },
    complete: { from: ['sent', 'viewed'], to: 'completed' },
    decline: { from: ['sent', 'viewed'], to: 'declined' },
    void: { from: ['sent', 'viewed'], to: 'voided' },
    expire: { from: ['sent', 'viewed'], to: 'expired' },
  },
});
export type EnvelopeMove = keyof typeof ENVELOPE_LIFECYCLE.moves;
