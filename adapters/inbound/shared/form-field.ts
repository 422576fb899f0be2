/** A multipart boundary is 1 to 70 characters (RFC 2046); anything longer is refused unread. */
const MAX_BOUNDARY = 70;

const boundaryOf = (contentType: string): string | null => {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...rest] = parameter.trim().split('=');
    if (name?.toLowerCase() !== 'boundary') continue;
    const value = rest.join('=').replace(/^"(.*)"$/, '$1');
    return value.length >= 1 && value.length <= MAX_BOUNDARY ? value : null;
  }
  return null;
};

/** The `name` of a part's Content-Disposition, from the part's header block. */
const partName = (headerBlock: string): string | null => {
  const disposition = headerBlock.split('\r\n').find((line) => line.toLowerCase().startsWith('content-disposition:'));
  if (!disposition) return null;
  for (const parameter of disposition.split(';').slice(1)) {
    const [name, ...rest] = parameter.trim().split('=');
    if (name?.toLowerCase() === 'name') return rest.join('=').replace(/^"(.*)"$/, '$1');
  }
  return null;
};

/**
 * One text field of a form body (`multipart/form-data` or `application/x-www-form-urlencoded`), or
 * null when the body is not a form or has no such field. Reads the bounded body once, by byte
 * search: no pattern runs over the body itself.
 */
export const formField = (raw: Uint8Array, contentType: string, field: string): string | null => {
  const media = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (media === 'application/x-www-form-urlencoded') return new URLSearchParams(body.toString('utf8')).get(field);
  if (media !== 'multipart/form-data') return null;
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') === '--') return null;
    const headersEnd = body.indexOf('\r\n\r\n', start);
    const next = headersEnd === -1 ? -1 : body.indexOf(delimiter, headersEnd + 4);
    if (next === -1) return null;
    // The part's content ends with the CRLF that precedes the next delimiter.
    if (partName(body.subarray(start, headersEnd).toString('latin1')) === field) return body.subarray(headersEnd + 4, next - 2).toString('utf8');
    at = next;
  }
  return null;
};
