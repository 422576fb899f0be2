import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';

export interface UploadedFile {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly filename: string | null;
}

/** The named file part of a buffered `multipart/form-data` body (RFC 7578). */
export const multipartFile = (body: Buffer, contentType: string, field: string): UploadedFile => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) throw new DomainError('validation_failed', 'The multipart body has no boundary.', { field: 'body', rule: 'multipart' });
  const delimiter = Buffer.from(`--${token}`);
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*\bname="([^"]*)"(?:[^\r\n]*\bfilename="([^"]*)")?/i.exec(headers);
      if (disposition?.[1] === field) {
        return {
          bytes: part.subarray(headerEnd + 4),
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
          filename: disposition[2] ?? null,
        };
      }
    }
    position = next;
  }
  throw validationFailed(field, 'required', `The multipart body has no '${field}' part.`);
};
