import type { FormFields } from '../../core/documents/form-fields.ts';
import type { StagedFile } from './staged-file.port.ts';

/**
 * Reads the fillable form of a document; throws `invalid_document` when it is not a readable
 * PDF (or cannot be read within its budget), `service_unavailable` when too many wait,
 * `rate_limited` when `tenant` (the organization) has spent its reading time or queue share.
 */
export interface FormReader {
  read(tenant: string, document: StagedFile): Promise<FormFields>;
  /** The same, for a stored document's bytes. */
  readStored(tenant: string, bytes: Uint8Array): Promise<FormFields>;
}
