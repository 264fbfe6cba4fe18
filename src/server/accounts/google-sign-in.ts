import * as oidc from 'openid-client';
import type { GoogleIdentity } from './account.service.ts';

// The relying party of "Sign in with Google" (decision 0016): the authorization code flow
// with PKCE, state and nonce, through openid-client. The provider's metadata is discovered
// on first use and kept for a day, so the site starts and serves when the provider cannot
// be reached; a failed discovery is remembered briefly so a dead provider costs every
// visitor one quick refusal, not a wait.

const SCOPE = 'openid email profile';
const METADATA_TTL_MS = 24 * 3600_000;
const FAILURE_HOLD_MS = 15_000;
/** Seconds any one call to the provider may take. */
const TIMEOUT_S = 10;

/** What the browser keeps between the start and the callback (in the signed flow cookie). */
export interface GoogleFlow {
  state: string;
  nonce: string;
  verifier: string;
}

export interface GoogleSignIn {
  /** A fresh flow and the provider's authorization URL to send the browser to. */
  start(): Promise<{ url: string; flow: GoogleFlow }>;
  /**
   * Checks the provider's answer (`callbackUrl`: the redirect URI with its query) against
   * the flow, redeems the code and validates the ID token. Throws on any mismatch.
   */
  finish(callbackUrl: URL, flow: GoogleFlow): Promise<GoogleIdentity>;
}

/** http:// providers are accepted on this machine only (tests, a local provider). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function createGoogleSignIn(opts: {
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** `${PUBLIC_URL}/api/login.g.php`, as registered with the provider. */
  redirectUri: string;
}): GoogleSignIn {
  const issuer = new URL(opts.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  let cached: { config: Promise<oidc.Configuration>; until: number } | undefined;

  function configuration(): Promise<oidc.Configuration> {
    if (cached && cached.until > Date.now()) return cached.config;
    const config = oidc.discovery(issuer, opts.clientId, opts.clientSecret, undefined, {
      timeout: TIMEOUT_S,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
    const entry = { config, until: Date.now() + METADATA_TTL_MS };
    cached = entry;
    config.catch(() => {
      if (cached === entry) entry.until = Date.now() + FAILURE_HOLD_MS;
    });
    return config;
  }

  return {
    async start() {
      const config = await configuration();
      const flow: GoogleFlow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    async finish(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      // Google puts the email in the ID token; providers that follow the core spec to the
      // letter answer it from userinfo, for the same subject only.
      const claims: Record<string, unknown> =
        text(idToken.email) === undefined
          ? {
              ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
              sub: idToken.sub,
            }
          : idToken;
      const verified = claims.email_verified;
      return {
        sub: idToken.sub,
        email: text(claims.email),
        // Some providers send the flag as a string.
        emailVerified: verified === true || verified === 'true',
        name: text(claims.name),
        givenName: text(claims.given_name),
      };
    },
  };
}
