import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { Organization } from '../../../core/tenancy/organization.ts';
import type { StagedFile } from '../../../ports/documents/staged-file.port.ts';
import { bearerOf, clientAddressOf, cookiesOf } from './request-meta.ts';

/** What the pipeline has read and checked of the request by the time its handler runs. */
type Parsed = Pick<RequestContext, 'body' | 'upload' | 'raw' | 'query' | 'params' | 'requestId' | 'principal' | 'organization'> & {
  /** Proxies whose `X-Forwarded-For` entries are believed (see `clientAddressOf`). */
  readonly trustedProxyHops: number;
};

/**
 * What a handler is given. A class, so that every request's context has one shape, and cookies
 * are parsed only for the few handlers that read them.
 */
export class RequestContext {
  readonly body: unknown;
  readonly upload: StagedFile | null;
  readonly raw: Buffer | null;
  readonly query: Record<string, unknown>;
  readonly params: Record<string, string>;
  readonly requestId: string;
  readonly headers: IncomingHttpHeaders;
  readonly bearer: string | undefined;
  /** Null on public routes, whose handlers read a credential themselves if at all. */
  readonly principal: Principal | null;
  readonly organization: Organization | null;
  private readonly request: IncomingMessage;
  private parsedCookies: Record<string, string> | null = null;
  private readonly trustedProxyHops: number;

  constructor(request: IncomingMessage, parsed: Parsed) {
    this.request = request;
    this.body = parsed.body;
    this.upload = parsed.upload;
    this.raw = parsed.raw;
    this.query = parsed.query;
    this.params = parsed.params;
    this.requestId = parsed.requestId;
    this.headers = request.headers;
    this.bearer = bearerOf(request);
    this.principal = parsed.principal;
    this.organization = parsed.organization;
    this.trustedProxyHops = parsed.trustedProxyHops;
  }

  /** The client's address, read only by the few handlers that budget by it (unauthenticated receivers). */
  get clientAddress(): string {
    return clientAddressOf(this.request, this.trustedProxyHops);
  }

  get cookies(): Readonly<Record<string, string>> {
    this.parsedCookies ??= cookiesOf(this.request);
    return this.parsedCookies;
  }
}
