import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RouteResult } from './route.ts';

/**
 * The headers of one answer as name, value, name, value: collected while the request is served
 * and handed to Node in one `writeHead`, which stores them as given instead of one `setHeader`
 * (a lower-cased copy of the name, a map entry, a validation) each.
 */
export type AnswerHeaders = Array<string | string[]>;

/** What was written: the body's length when known before it was sent, for the access log. */
export interface Written {
  readonly contentLength: number | undefined;
  /** A streamed file: settles once it has been sent whole. */
  readonly streaming: Promise<void> | undefined;
}

const NOTHING_STREAMED: Written = { contentLength: undefined, streaming: undefined };

/** The route's own headers, less one the writer sets itself (`content-type`, `content-length`). */
const addRouteHeaders = (headers: AnswerHeaders, result: RouteResult, setByWriter: readonly string[]): void => {
  if (!result.headers) return;
  for (const name in result.headers) {
    if (setByWriter.length > 0 && setByWriter.includes(name.toLowerCase())) continue;
    headers.push(name, result.headers[name] as string | string[]);
  }
};

const JSON_SET: readonly string[] = ['content-type', 'content-length'];
const BYTES_SET: readonly string[] = ['content-length'];

/**
 * Writes the answer with `headers` and the route's own. A streamed file returns a promise that
 * settles once it has been sent whole; anything else is written at once, so the common answer
 * costs no await.
 */
export const writeResult = (response: ServerResponse, result: RouteResult, headers: AnswerHeaders): Written => {
  if (result.body === undefined || result.status === 204) {
    addRouteHeaders(headers, result, []);
    response.writeHead(result.status, headers);
    response.end();
    return NOTHING_STREAMED;
  }
  if (result.body instanceof Uint8Array) {
    addRouteHeaders(headers, result, BYTES_SET);
    headers.push('Content-Length', String(result.body.byteLength));
    response.writeHead(result.status, headers);
    response.end(result.body);
    return { contentLength: result.body.byteLength, streaming: undefined };
  }
  if (result.body instanceof Readable) {
    addRouteHeaders(headers, result, []);
    response.writeHead(result.status, headers);
    // A file served as it is read; a read failing midway cuts the response short (its length
    // then tells the client it is incomplete) rather than sending a truncated file as whole.
    const streaming = pipeline(result.body, response).catch(() => {
      response.destroy();
    });
    return { contentLength: declaredLength(result), streaming };
  }
  const payload = JSON.stringify(result.body);
  const contentLength = Buffer.byteLength(payload);
  addRouteHeaders(headers, result, JSON_SET);
  headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(contentLength));
  response.writeHead(result.status, headers);
  response.end(payload);
  return { contentLength, streaming: undefined };
};

const declaredLength = (result: RouteResult): number | undefined => {
  for (const name in result.headers) if (name.toLowerCase() === 'content-length') return Number(result.headers[name]);
  return undefined;
};
