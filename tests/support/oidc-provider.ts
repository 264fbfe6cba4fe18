import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) in the test process, on a random port of
// 127.0.0.1, standing in for Google. It has one confidential client with the test app's
// redirect URI and a stub login: its interaction page signs in whichever account the test
// named with `signInAs` (and grants consent at once), or refuses with `access_denied` after
// `deny()`. `authorize` plays the browser between the app's redirect and the answer.

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next login at the provider is this account. */
  signInAs(account: TestAccount): void;
  /** The next login at the provider is refused by the user (`error=access_denied`). */
  deny(): void;
  /**
   * Follows the provider's redirects from an authorization URL with a fresh cookie jar, as a
   * browser would, and answers the redirect back to the client (the callback URL).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: {
  /** The client's redirect URI; a function when it is known only once the site runs. */
  redirectUri: string | (() => string);
}): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'afterglow-test';
  const clientSecret = 'afterglow-test-secret-afterglow-test-secret';
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | 'deny' | undefined;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Made at the first request, when the redirect URI is known.
  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [
            typeof opts.redirectUri === 'string' ? opts.redirectUri : opts.redirectUri(),
          ],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: {
        keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
      },
      cookies: { keys: ['afterglow-test-provider-cookie-key'] },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name'],
      },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      async findAccount(_ctx: unknown, sub: string) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
    });

  let made: { provider: Provider; handle: ReturnType<Provider['callback']> } | undefined;
  const instance = () => {
    if (!made) {
      const provider = makeProvider();
      made = { provider, handle: provider.callback() };
    }
    return made;
  };

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const { provider } = instance();
    const details = await provider.interactionDetails(req, res);
    const { name, details: missing } = details.prompt;
    if (name === 'login') {
      const plan = next;
      next = undefined;
      if (plan === undefined || plan === 'deny') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user refused' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      accounts.set(plan.sub, plan);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: plan.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // consent: grant whatever the client asked for.
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session?.accountId ?? '',
          clientId: details.params.client_id,
        });
    if (!grant) throw new Error('grant not found');
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return instance().handle(req, res);
    interact(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    deny() {
      next = 'deny';
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop++) {
        if (url.origin !== issuer) return url;
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq).trim();
          const value = pair.slice(eq + 1);
          if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
          else jar.set(name, value);
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`provider answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
