import type { FormValues } from '../../core/underwriting/acord125.ts';

/** Reads the fillable form of a document; throws `invalid_document` when it is not a readable PDF. */
export interface FormReader {
  read(document: Uint8Array): Promise<FormValues>;
}
