import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RouteResult } from './route.ts';

/**
 * Writes the answer. A streamed file returns a promise that settles once it has been sent whole;
 * anything else is written at once and returns nothing, so the common answer costs no await.
 */
export const writeResult = (response: ServerResponse, result: RouteResult): Promise<void> | undefined => {
  if (result.headers) for (const name in result.headers) response.setHeader(name, result.headers[name] as string | string[]);
  response.statusCode = result.status;
  if (result.body === undefined || result.status === 204) {
    response.end();
    return undefined;
  }
  if (result.body instanceof Uint8Array) {
    response.setHeader('Content-Length', result.body.byteLength);
    response.end(result.body);
    return undefined;
  }
  if (result.body instanceof Readable) {
    // A file served as it is read; a read failing midway cuts the response short (its length
    // then tells the client it is incomplete) rather than sending a truncated file as whole.
    return pipeline(result.body, response).catch(() => {
      response.destroy();
    });
  }
  const payload = JSON.stringify(result.body);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(payload));
  response.end(payload);
  return undefined;
};
