import { Type } from '@sinclair/typebox';
import { validationFailed } from '../../../core/shared/domain-error.ts';
import type { StagedFile } from '../../../ports/documents/staged-file.port.ts';

/** How a route that takes any file wants it sent. */
export const FILE_UPLOAD_HELP = 'Send the file as the multipart/form-data field `file`, or as the raw body with its Content-Type and `?filename=`.';

/** The name of a file sent as a raw body (multipart carries its own). */
export const FilenameQuery = {
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'The file name, for a raw body (multipart carries its own).' })),
};

/** The file a request carried and the name it was sent under; 400 when it carried none. */
export const uploadedFile = (context: { readonly upload: StagedFile | null; readonly query: { readonly filename?: string } }) => {
  if (!context.upload) throw validationFailed('file', 'required', FILE_UPLOAD_HELP);
  return { file: context.upload, claimedName: context.upload.filename ?? context.query.filename ?? null };
};
