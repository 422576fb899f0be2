import { ACCEPTED_FILE_TYPES, sniffContent, type KnownType } from './content-sniffing.ts';
import { extensionOf } from './file-name.ts';
import { DomainError, validationFailed } from '../shared/domain-error.ts';

/**
 * What an uploaded file is, told from its bytes; the claimed name only chooses among types the
 * bytes cannot tell apart. Empty files are 400; programs, scripts and unknown bytes 415.
 */
/** What is known of an upload before it is read whole: its size and its first bytes. */
interface UploadHead {
  readonly size: number;
  readonly head: Uint8Array;
}

export const uploadedType = (file: UploadHead, claimedName: string | null): KnownType => {
  if (file.size === 0) throw validationFailed('file', 'not_empty', 'The file is empty.');
  const sniffed = sniffContent(file.head, file.size <= file.head.byteLength, extensionOf(claimedName));
  if (sniffed.kind === 'known') return sniffed.type;
  if (sniffed.kind === 'executable') {
    throw new DomainError('unsupported_media_type', `The file is a ${sniffed.format}: programs and scripts are not accepted, whatever their name.`, {
      detected: sniffed.format,
    });
  }
  throw new DomainError('unsupported_media_type', `${sniffed.reason} Accepted: ${ACCEPTED_FILE_TYPES}.`);
};
