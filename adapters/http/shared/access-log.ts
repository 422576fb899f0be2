import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Metrics } from '../../../ports/shared/metrics.port.ts';
import { loggableHeaders, loggableUrl } from './request-meta.ts';

/** What the access log and the request metrics say of an answer. */
export interface Answered {
  readonly routeLabel: string;
  readonly requestId: string;
  readonly actor: string;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
  readonly failure: unknown;
  /** The body's length when known before it was sent. */
  readonly contentLength: number | undefined;
}

/** Where request lines go: one JSON line each, at the info level. */
export interface AccessLineWriter {
  info(entry: Readonly<Record<string, unknown>>, message: string): void;
}

export interface AccessLogDeps {
  readonly logger: Logger;
  /** Request lines, written with credential headers already replaced. */
  readonly accessLogger: AccessLineWriter;
  /** Lower-case names of headers replaced in logs (see `secretHeaderNames`). */
  readonly secretHeaders: ReadonlySet<string>;
  readonly metrics: Pick<Metrics, 'request'>;
}

/** One line for the request, its duration counted, and the cause of a failure logged. */
export const logAnswer = (deps: AccessLogDeps, request: IncomingMessage, response: ServerResponse, answered: Answered): void => {
  const entry = {
    reqId: answered.requestId,
    actor: answered.actor,
    req: {
      method: request.method,
      url: loggableUrl(request.url),
      headers: loggableHeaders(request.headers, deps.secretHeaders),
      remoteAddress: request.socket.remoteAddress,
    },
    res: { statusCode: response.statusCode, contentLength: answered.contentLength },
    responseTimeMs: Math.round((performance.now() - answered.started) * 100) / 100,
  };
  deps.metrics.request(request.method ?? 'GET', answered.routeLabel, response.statusCode, entry.responseTimeMs / 1000);
  deps.accessLogger.info(entry, 'request completed');
  if (answered.failure) deps.logger.error({ reqId: answered.requestId, err: answered.failure }, 'request failed');
};
