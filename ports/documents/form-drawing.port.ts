import type { CertificateOfInsurance, Mcs90Endorsement } from '../../core/documents/certificate.ts';

/** Draws the platform's own forms as PDF bytes. */
export interface FormDrawing {
  certificate(content: CertificateOfInsurance): Promise<Uint8Array>;
  mcs90(content: Mcs90Endorsement): Promise<Uint8Array>;
}
