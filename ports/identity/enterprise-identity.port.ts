/** The external OpenID Connect provider of the enterprise tenant. */
export interface EnterpriseIdentityProvider {
  /** Where to send the browser: the authorization request with state, nonce and a PKCE challenge. */
  authorizationUrl(request: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /**
   * Exchanges the code of the provider's redirect (`callbackUrl`, as received) and checks the ID
   * token: signature, issuer, audience, expiry, state and nonce. Throws on any failure.
   */
  identify(callbackUrl: string, expected: { state: string; nonce: string; codeVerifier: string }): Promise<EnterpriseIdentity>;
}

export interface EnterpriseIdentity {
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  /** The provider's tenant the user belongs to (`tid`). */
  readonly tenantId: string | null;
}
