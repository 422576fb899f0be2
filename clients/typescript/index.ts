// The typed client of the API: openapi-fetch over the types generated from /openapi.json, so a
// call's path, parameters, body and answer are checked by the compiler.
//
//   const { data: session } = await platformClient('http://localhost:8080').POST('/api/auth/sign-in/email', { body: { email, password } });
//   const api = platformClient('http://localhost:8080', { token: session?.token });
//   const { data, error } = await api.POST('/v1/submissions', { body: { insuredName: 'Acme', … } });
import createClient, { type Client } from 'openapi-fetch';
import type { paths as authPaths } from './auth-schema.ts';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';
export type { paths as authPaths } from './auth-schema.ts';

export interface Credential {
  /** A service JWT, an API key or the machine secret, sent as a bearer token. */
  readonly token?: string;
  /** An API key, sent in `X-API-Key`. */
  readonly apiKey?: string;
}

export interface ClientOptions {
  /** The fetch to send requests with (for example one that waits out 429s); the global one by default. */
  readonly fetch?: (input: Request) => Promise<Response>;
}

export const platformClient = (baseUrl: string, credential: Credential = {}, options: ClientOptions = {}): Client<paths> =>
  createClient<paths>({
    baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: {
      ...(credential.token ? { authorization: `Bearer ${credential.token}` } : {}),
      ...(credential.apiKey ? { 'x-api-key': credential.apiKey } : {}),
    },
  });

/** A client of the authentication service's own origin (sign-up, sign-in, sessions; the API answers the same paths). */
export const authClient = (authBaseUrl: string, options: ClientOptions = {}): Client<authPaths> =>
  createClient<authPaths>({ baseUrl: authBaseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
