import type { IncomingMessage } from 'node:http';
import { DomainError, validationFailed } from '../../../core/shared/domain-error.ts';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export const payloadTooLarge = (limit: number): DomainError =>
  new DomainError('payload_too_large', `The request body exceeds ${limit} bytes.`, { limitBytes: limit });

/** Reads the raw body, refusing it as soon as it passes the route's limit. */
export const readRawBody = async (request: IncomingMessage, limit: number): Promise<Buffer> => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw payloadTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

const isJson = (contentType: string | undefined): boolean => {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
};

/** A JSON object body; an empty body reads as `{}` so that missing fields are named one by one. */
export const parseJsonBody = (raw: Buffer, contentType: string | undefined): unknown => {
  if (raw.length === 0) return {};
  if (!isJson(contentType)) {
    throw new DomainError('unsupported_media_type', 'This route accepts application/json bodies.', { contentType });
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationFailed('body', 'json', 'The request body is not valid JSON.');
  }
};
