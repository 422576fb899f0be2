import * as oidc from 'openid-client';
import type { EnterpriseIdentity, EnterpriseIdentityProvider } from '../../ports/identity/enterprise-identity.port.ts';

export interface SsoSettings {
  /** Discovery at `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The only `tid` accepted. */
  readonly tenantId: string;
  /** Origins a sign-in may return to (`callbackURL`). */
  readonly appOrigins: readonly string[];
  /** `<auth origin>/api/auth/callback/enterprise`, as registered at the provider. */
  readonly redirectUri: string;
}

/**
 * The enterprise provider through openid-client: discovery once, the authorization code flow with
 * PKCE (S256), and the ID token checked by the library (signature against the provider's keys,
 * issuer, audience, expiry, state, nonce). Providers that keep profile claims out of the ID token
 * (OpenID Connect's own rule when an access token is issued, oidc-provider's default) give them
 * at the userinfo endpoint, which is asked with the access token, its `sub` checked against the
 * ID token's. An `http:` issuer is accepted on loopback only.
 */
export class OidcEnterpriseProvider implements EnterpriseIdentityProvider {
  private readonly settings: SsoSettings;
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(settings: SsoSettings) {
    this.settings = settings;
  }

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const loopback = issuer.hostname === '127.0.0.1' || issuer.hostname === 'localhost' || issuer.hostname === '[::1]';
      this.configuration = oidc.discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        loopback ? { execute: [oidc.allowInsecureRequests] } : {},
      );
      // A failed discovery is tried again by the next sign-in.
      this.configuration.catch(() => (this.configuration = null));
    }
    return this.configuration;
  }

  async authorizationUrl(request: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const config = await this.config();
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.settings.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async identify(callbackUrl: string, expected: { state: string; nonce: string; codeVerifier: string }): Promise<EnterpriseIdentity> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callbackUrl), {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider returned no ID token.');
    const complete = typeof claims.email === 'string' && typeof claims.email_verified === 'boolean' && typeof claims.tid === 'string';
    // The ID token's claims win; userinfo fills only what it left out.
    const known = complete ? claims : { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    return {
      subject: claims.sub,
      email: typeof known.email === 'string' ? known.email : null,
      emailVerified: known.email_verified === true,
      tenantId: typeof known.tid === 'string' ? known.tid : null,
    };
  }
}
