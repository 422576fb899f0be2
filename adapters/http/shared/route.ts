import type { Static, TSchema } from '@sinclair/typebox';
import type { IncomingHttpHeaders } from 'node:http';
import type { FeatureKey } from '../../../core/flags/feature-flags.ts';
import type { Permission } from '../../../core/shared/access/permissions.ts';
import type { Principal } from '../../../core/shared/access/principal.ts';
import type { RateClass } from '../../../core/rate-limit/rate-limit.rules.ts';
import type { ErrorCode } from '../../../core/shared/error-catalog.ts';
import type { Organization } from '../../../core/tenancy/organization.ts';
import type { RecordRelation, RecordType } from '../../../ports/authorization/record-access.use-case.ts';
import type { StagedFile } from '../../../ports/documents/staged-file.port.ts';
import type { UploadSpec } from './upload-stager.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `credential`: a bearer token, machine secret or API key is required and checked against `permission`.
 * - `public`: no credential; the handler may read one itself (session tokens, the machine secret in a body).
 */
type Access = { readonly kind: 'credential'; readonly permission: Permission } | { readonly kind: 'public' };

export interface PublicContext<B, Q, P> {
  /** The JSON body; absent when the request carried an upload instead. */
  readonly body: B;
  /** A file the request carried, staged on disk for the length of the request. */
  readonly upload: StagedFile | null;
  /** The exact bytes of the body, for routes that verify a signature over them. */
  readonly raw: Buffer | null;
  readonly query: Q;
  readonly params: P;
  readonly requestId: string;
  readonly headers: IncomingHttpHeaders;
  readonly cookies: Readonly<Record<string, string>>;
  readonly bearer: string | undefined;
  /** The client's address (behind trusted proxies, the one they report). */
  readonly clientAddress: string;
}

interface CredentialContext<B, Q, P> extends PublicContext<B, Q, P> {
  readonly principal: Principal;
  readonly organization: Organization | null;
}

export interface RouteResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string | string[]>>;
}

interface ResponseSpec {
  readonly description: string;
  readonly schema?: TSchema;
  readonly headers?: readonly string[];
}

/** A request header the route reads, for the OpenAPI description. */
interface RequestHeader {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  /** Carries a signature or credential: replaced in every log line. */
  readonly secret?: boolean;
}

interface RouteShape<TBody extends TSchema, TQuery extends TSchema, TParams extends TSchema> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** `none`: not rate limited (health and readiness). */
  readonly rateClass?: RateClass | 'none';
  readonly body?: TBody;
  readonly query?: TQuery;
  readonly params?: TParams;
  readonly maxBodyBytes?: number;
  /**
   * Accepts a file instead of JSON: a raw body of one of `contentTypes`, or multipart with `field`.
   * A request that carries a file draws from `rateClass` instead of the route's budget.
   */
  readonly upload?: UploadSpec & { readonly rateClass?: RateClass };
  /** Takes the body as bytes (of one of `contentTypes`) instead of parsing it. */
  readonly rawBody?: { readonly maxBytes: number; readonly contentTypes: readonly string[] };
  readonly requestHeaders?: readonly RequestHeader[];
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** Error codes this route can answer with beyond the ones every route shares. */
  readonly errors?: readonly ErrorCode[];
  /**
   * The record the route acts on, named by `params.id`: the caller needs `relation` with it in the
   * authorization graph (403 for a record of the organization that is not theirs, 404 as ever for
   * one the organization does not have).
   */
  readonly record?: { readonly type: RecordType; readonly relation: RecordRelation };
  /** A feature the organization can switch off (a flag): off, the route answers 403 `feature_disabled`. */
  readonly feature?: FeatureKey;
  /** A public route that reads the authentication service's session cookie (`svc_session`). */
  readonly sessionCookie?: true;
}

/** A route as the server and the OpenAPI generator see it. */
export interface RouteDefinition extends RouteShape<TSchema, TSchema, TSchema> {
  readonly access: Access;
  readonly handler: (
    context: PublicContext<unknown, unknown, unknown> & { principal: Principal | null; organization: Organization | null },
  ) => Promise<RouteResult>;
}

/** A route that needs a credential allowed to use `permission`. */
export const defineRoute = <TBody extends TSchema = TSchema, TQuery extends TSchema = TSchema, TParams extends TSchema = TSchema>(
  route: RouteShape<TBody, TQuery, TParams> & {
    readonly permission: Permission;
    readonly handler: (context: CredentialContext<Static<TBody>, Static<TQuery>, Static<TParams>>) => Promise<RouteResult>;
  },
): RouteDefinition => ({ ...route, access: { kind: 'credential', permission: route.permission } }) as unknown as RouteDefinition;

/** A route open without a credential; its handler checks whatever the route itself requires. */
export const definePublicRoute = <TBody extends TSchema = TSchema, TQuery extends TSchema = TSchema, TParams extends TSchema = TSchema>(
  route: RouteShape<TBody, TQuery, TParams> & {
    readonly handler: (context: PublicContext<Static<TBody>, Static<TQuery>, Static<TParams>>) => Promise<RouteResult>;
  },
): RouteDefinition => ({ ...route, access: { kind: 'public' } }) as unknown as RouteDefinition;
