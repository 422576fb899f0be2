import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface Account {
  readonly email: string;
  readonly email_verified: boolean;
  readonly tid: string;
}

export interface OidcIssuer {
  readonly issuer: string;
  /** Who the next sign-in at the provider authenticates as. */
  signInAs(accountId: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on loopback with one confidential client. Its login and
 * consent pages are replaced by a handler that signs in the chosen account and grants the asked
 * scopes, as a user clicking through would.
 */
export const startOidcIssuer = async (
  client: { id: string; secret: string; redirectUri: string },
  accounts: Readonly<Record<string, Account>>,
  /** `defaults`: the provider as it comes, profile claims at the userinfo endpoint only (`conformIdTokenClaims`). */
  options: { readonly defaults?: boolean } = {},
): Promise<OidcIssuer> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let current = Object.keys(accounts)[0] as string;
  // The provider announces its development defaults (in-memory storage, generated keys) on the
  // console; in a test they are what is wanted, so the notices are kept out of the test output.
  const [warn, info] = [console.warn, console.info];
  console.warn = console.info = () => undefined;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_context, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
    claims: { openid: ['sub', 'tid'], email: ['email', 'email_verified'] },
    // The ID token carries the claims of the scopes granted (as many enterprise providers do),
    // unless the provider runs as it comes.
    ...(options.defaults ? {} : { conformIdTokenClaims: false }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-issuer-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  [console.warn, console.info] = [warn, info];
  const interact = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(request, response, { login: { accountId: current } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: current, clientId: client.id });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };
  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      });
      return;
    }
    callback(request, response);
  });
  return {
    issuer,
    signInAs: (accountId) => (current = accountId),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
