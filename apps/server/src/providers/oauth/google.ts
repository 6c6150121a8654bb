import * as oidc from 'openid-client';

export interface ExternalProfile {
  /** the provider's stable user id */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface AuthorizationRequest {
  url: URL;
  codeVerifier: string;
  nonce: string;
}

/** Google sign-in (OpenID Connect authorization code + PKCE + nonce) behind a small interface. */
export interface OidcProvider {
  authorizationUrl(redirectUri: string, state: string): Promise<AuthorizationRequest>;
  /** `callbackUrl` is the full URL the provider redirected to (code and state in its query). */
  exchange(
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ExternalProfile>;
}

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

export function oidcProvider(opts: { issuer: string; clientId: string; clientSecret: string }): OidcProvider {
  let config: Promise<oidc.Configuration> | null = null;
  const issuer = new URL(opts.issuer);
  // plain http only for a provider on this machine (tests, local development)
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const configuration = () => {
    config ??= oidc
      .discovery(
        issuer,
        opts.clientId,
        opts.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err: unknown) => {
        config = null; // try discovery again next time
        throw err;
      });
    return config;
  };

  return {
    async authorizationUrl(redirectUri, state) {
      const cfg = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, codeVerifier, nonce };
    },
    async exchange(callbackUrl, checks) {
      const cfg = await configuration();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) throw new Error('the ID token has no subject');
      // providers may keep email/profile out of the ID token: the UserInfo endpoint has them
      const info = await oidc.fetchUserInfo(cfg, tokens.access_token, idClaims.sub).catch(() => null);
      const claims: Record<string, unknown> = { ...info, ...idClaims };
      const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
      return {
        subject: idClaims.sub,
        email: str(claims.email),
        emailVerified: claims.email_verified === true,
        name: str(claims.name),
        picture: str(claims.picture),
      };
    },
  };
}
