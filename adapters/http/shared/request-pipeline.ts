import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { authorize } from '../../../core/shared/access/authorization.ts';
import { describeActor, principalOrgId, rateLimitSubject, type Principal } from '../../../core/shared/access/principal.ts';
import type { RateClass } from '../../../core/rate-limit/rate-limit.rules.ts';
import { DomainError } from '../../../core/shared/domain-error.ts';
import type { Organization } from '../../../core/tenancy/organization.ts';
import type { ReadAudit } from '../../../ports/authorization/read-audit.use-case.ts';
import type { FeatureFlags } from '../../../ports/flags/feature-flags.use-case.ts';
import type { RecordAccess } from '../../../ports/authorization/record-access.use-case.ts';
import type { Authenticate, Authentication } from '../../../ports/identity/authenticate.use-case.ts';
import type { RateLimiter } from '../../../ports/rate-limit/rate-limiter.use-case.ts';
import { DEFAULT_MAX_BODY_BYTES, parseJsonBody, readRawBody } from './body-reader.ts';
import { queryOf, rateClassOf, readRaw } from './route-input.ts';
import { errorResponse } from './error-response.ts';
import { digestOf, fingerprintOf, type IdempotentPosts } from './idempotent-posts.ts';
import type { AuditTrail } from '../../../ports/audit/audit-trail.use-case.ts';
import { auditedWrite } from './write-audit.ts';
import type { RequestWrites } from '../../../ports/shared/persistence/request-writes.port.ts';
import { clientAddressOf, credentialOf, mediaTypeOf, requestIdOf } from './request-meta.ts';
import { logAnswer, type AccessLogDeps, type Answered } from './access-log.ts';
import { RequestContext } from './request-context.ts';
import { writeResult, type AnswerHeaders } from './response-writer.ts';
import { AnswerBatch } from './answer-batch.ts';
import type { RouteDefinition, RouteResult } from './route.ts';
import { validate } from './schema-validator.ts';
import { uploadOnly, type UploadStager } from './upload-stager.ts';

export interface PipelineDeps extends AccessLogDeps {
  readonly authenticate: Authenticate;
  readonly rateLimiter: RateLimiter;
  /** Proxies whose `X-Forwarded-For` entries are believed; 0: the socket's peer is the client. */
  readonly trustedProxyHops: number;
  readonly uploads: UploadStager;
  /** Adds Strict-Transport-Security: the service is only reached over HTTPS (production). */
  readonly strictTransportSecurity: boolean;
  /** Relationship checks of the records routes act on. */
  readonly records: Pick<RecordAccess, 'assert'>;
  /** Reads that are themselves recorded (an auditor's). */
  readonly reads: Pick<ReadAudit, 'applies' | 'record'>;
  /** The organization's switched-off features (flags). */
  readonly features: Pick<FeatureFlags, 'require'>;
  /** `Idempotency-Key` on POSTs. */
  readonly idempotency: IdempotentPosts;
  /** Where every successful write is recorded. */
  readonly audit: Pick<AuditTrail, 'record' | 'recordWrite'>;
  /** Lets a write's audit entry join the group its command commits. */
  readonly requestWrites: RequestWrites;
}

/**
 * Every request, matched or not, goes through the same steps: request id, credential, rate
 * limit (with its headers on every answer), permission, body, validation, handler, and one
 * error shape.
 */
export class RequestPipeline {
  private readonly deps: PipelineDeps;
  private inFlight = 0;
  private drained: (() => void) | null = null;
  private readonly answers = new AnswerBatch();

  constructor(deps: PipelineDeps) {
    this.deps = deps;
  }

  get activeRequests(): number {
    return this.inFlight;
  }

  /** Resolves once no request is in progress. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drained = resolve));
  }

  serve(route: RouteDefinition, request: IncomingMessage, response: ServerResponse, params: Record<string, string>): Promise<void> {
    return this.run(request, response, rateClassOf(route, request), route.path, route, params);
  }

  /** The route's own steps, once the caller is known and counted. */
  private async handle(
    route: RouteDefinition,
    request: IncomingMessage,
    params: Record<string, string>,
    authentication: Authentication,
    requestId: string,
  ): Promise<RouteResult> {
    const principal = this.admitted(route, authentication);
    const organization = authentication.outcome === 'authenticated' ? authentication.organization : null;
    if (route.params) validate(route.params, params, 'params');
    const orgId = principal ? principalOrgId(principal) : null;
    if (route.feature && orgId) await this.deps.features.require(orgId, route.feature);
    // A record the caller may not act on is refused before its body is received (an upload
    // of 25 MiB to another adjuster's claim is never written to disk).
    if (route.record && principal && orgId) await this.deps.records.assert(principal, orgId, route.record.type, String(params.id), route.record.relation);
    const upload = route.upload ? await this.deps.uploads.stage(request, route.upload) : null;
    // A route that takes only a file refuses a body of another media type (no body at all is the handler's to refuse: the file is required).
    if (route.upload && !upload && !route.body && !route.rawBody && mediaTypeOf(request) !== '')
      throw uploadOnly(route.upload, request.headers['content-type']);
    try {
      const raw = route.rawBody && !upload ? await readRaw(route, request) : null;
      const json = route.body && !upload ? await readRawBody(request, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : null;
      const body = json ? parseJsonBody(json, request.headers['content-type']) : undefined;
      const query = queryOf(request.url);
      if (route.query) validate(route.query, query, 'query');
      if (route.body && !upload) validate(route.body, body, 'body');
      const context = new RequestContext(request, {
        body,
        upload,
        raw,
        query,
        params,
        requestId,
        principal,
        organization,
        trustedProxyHops: this.deps.trustedProxyHops,
      });
      const key = route.method === 'POST' && principal ? this.deps.idempotency.keyOf(request) : null;
      const handle = () =>
        key && principal
          ? this.deps.idempotency.run(describeActor(principal), key, fingerprintOf(request, upload?.sha256 ?? digestOf(json ?? raw)), () =>
              route.handler(context),
            )
          : route.handler(context);
      // Reads are not writes: no audit entry, and no step of its own on the common path.
      const result =
        principal && route.method !== 'GET' ? await auditedWrite(this.deps, route, { principal, params, query, body, requestId }, handle) : await handle();
      if (principal && orgId && route.method === 'GET' && result.status < 300 && this.deps.reads.applies(principal)) {
        await this.deps.reads.record(principal, orgId, {
          operationId: route.operationId,
          path: route.path,
          record: route.record ? { type: route.record.type, id: String(params.id) } : null,
          query,
        });
      }
      return result;
    } finally {
      if (upload) await this.deps.uploads.release(upload.path);
    }
  }

  /** Unknown routes and methods answer in the same shape, counted against the same budget. */
  async reject(error: DomainError, request: IncomingMessage, response: ServerResponse): Promise<void> {
    await this.run(request, response, 'standard', 'unmatched', error);
  }

  private admitted(route: RouteDefinition, authentication: Authentication): Principal | null {
    if (route.access.kind === 'public') return null;
    if (authentication.outcome === 'rejected') throw authentication.error;
    if (authentication.outcome === 'anonymous') {
      throw new DomainError('unauthenticated', 'Send a bearer token or an API key (X-API-Key).');
    }
    authorize(authentication.principal, route.access.permission);
    return authentication.principal;
  }

  private async run(
    request: IncomingMessage,
    response: ServerResponse,
    rateClass: RateClass | 'none',
    routeLabel: string,
    /** The route to serve, or why none is. */
    target: RouteDefinition | DomainError,
    params: Record<string, string> = {},
  ): Promise<void> {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const headers: AnswerHeaders = ['X-Request-Id', requestId];
    this.securityHeaders(request, headers);
    this.inFlight += 1;
    let actor = 'anonymous';
    let failure: unknown;
    let contentLength: number | undefined;
    try {
      let result: RouteResult;
      try {
        const authentication = await this.deps.authenticate.identify(credentialOf(request));
        if (authentication.outcome === 'authenticated') actor = rateLimitSubject(authentication.principal);
        if (rateClass !== 'none') await this.limit(request, headers, authentication, actor, rateClass);
        if (target instanceof DomainError) throw target;
        result = await this.handle(target, request, params, authentication, requestId);
      } catch (error) {
        const answer = errorResponse(error, requestId);
        failure = answer.cause;
        result = answer;
      }
      // A body refused before it was read to the end leaves bytes on the socket that are not a
      // next request: the connection ends with this answer.
      if (!request.complete) headers.push('Connection', 'close');
      // Written together with the other answers of this turn of the event loop (see AnswerBatch).
      await this.answers.ready();
      if (!response.headersSent) {
        const written = writeResult(response, result, headers);
        contentLength = written.contentLength;
        if (written.streaming) await written.streaming;
      }
    } finally {
      this.finish(request, response, { routeLabel, requestId, actor, started, failure, contentLength });
    }
  }

  private securityHeaders(request: IncomingMessage, headers: AnswerHeaders): void {
    headers.push('X-Content-Type-Options', 'nosniff');
    // Anything answered to a credential is that caller's data: no cache may keep it.
    if (request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined || request.headers.cookie !== undefined) {
      headers.push('Cache-Control', 'no-store');
    }
    if (this.deps.strictTransportSecurity) headers.push('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }

  /** `actor`: the authenticated caller's rate-limit subject. */
  private async limit(request: IncomingMessage, headers: AnswerHeaders, authentication: Authentication, actor: string, rateClass: RateClass): Promise<void> {
    const authenticated = authentication.outcome === 'authenticated';
    const subject = authenticated ? actor : `ip:${clientAddressOf(request, this.deps.trustedProxyHops)}`;
    const organization: Organization | null = authenticated ? authentication.organization : null;
    const decision = await this.deps.rateLimiter.admit(subject, rateClass, organization);
    headers.push(
      'X-RateLimit-Limit',
      String(decision.limit),
      'X-RateLimit-Remaining',
      String(decision.remaining),
      'X-RateLimit-Reset',
      String(decision.resetAt),
    );
    if (!decision.allowed) {
      throw new DomainError('rate_limited', `Rate limit of ${decision.limit} requests per minute exceeded.`, {
        limit: decision.limit,
        retryAfter: decision.retryAfter,
      });
    }
  }

  private finish(request: IncomingMessage, response: ServerResponse, answered: Answered): void {
    const done = () => {
      this.inFlight -= 1;
      if (this.inFlight === 0 && this.drained) {
        this.drained();
        this.drained = null;
      }
      logAnswer(this.deps, request, response, answered);
    };
    // An answer already handed whole to the socket (the usual small JSON one) is done now; one
    // still buffered (a large file under backpressure) counts as in progress until it is closed,
    // so that a graceful stop does not cut it off.
    if (response.writableFinished || (response.writableEnded && response.writableLength === 0)) done();
    else response.once('close', done);
  }
}
