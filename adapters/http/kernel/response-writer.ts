import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RouteResult } from './route.ts';

/** Resolves once the answer is written (a streamed file: once it has been sent whole). */
export const writeResult = async (response: ServerResponse, result: RouteResult): Promise<void> => {
  for (const [name, value] of Object.entries(result.headers ?? {})) response.setHeader(name, value);
  response.statusCode = result.status;
  if (result.body === undefined || result.status === 204) {
    response.end();
    return;
  }
  if (result.body instanceof Uint8Array) {
    response.setHeader('Content-Length', result.body.byteLength);
    response.end(result.body);
    return;
  }
  if (result.body instanceof Readable) {
    // A file served as it is read; a read failing midway cuts the response short (its length
    // then tells the client it is incomplete) rather than sending a truncated file as whole.
    await pipeline(result.body, response).catch(() => response.destroy());
    return;
  }
  const payload = JSON.stringify(result.body);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(payload));
  response.end(payload);
};
