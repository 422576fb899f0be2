import type { DrawnContent } from '../../core/documents/policy-document-content.ts';
import type { CancellationNotice } from '../../core/documents/cancellation-notice.ts';
import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';

/** Draws the platform's own forms as PDF bytes, in the turn of `tenant` (the organization). */
export interface FormDrawing {
  certificate(tenant: string, content: CertificateOfInsurance): Promise<Uint8Array>;
  mcs90(tenant: string, content: Mcs90Endorsement): Promise<Uint8Array>;
  cancellationNotice(tenant: string, content: CancellationNotice): Promise<Uint8Array>;
  /** A policy document (declarations, an endorsement…), dated `at` so that drawing it again gives the same bytes. */
  policyDocument(tenant: string, content: DrawnContent, at: Date): Promise<Uint8Array>;
}
