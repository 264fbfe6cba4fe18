import { describe, expect, it } from 'vitest';
import { failurePath, openFlow, sealFlow } from './oidc.routes.ts';

const SECRET = 's'.repeat(40);
const flow = (over: Partial<Parameters<typeof sealFlow>[1]> = {}) => ({
  state: 'state-value',
  nonce: 'nonce-value',
  verifier: 'verifier-value',
  back: '/videos/',
  expires: Date.now() + 60_000,
  ...over,
});

describe('the flow cookie', () => {
  it('opens what it sealed', () => {
    const sealed = sealFlow(SECRET, flow());
    expect(sealed).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(openFlow(SECRET, sealed)).toMatchObject({ state: 'state-value', back: '/videos/' });
  });

  it('refuses another key, a changed payload, an expired flow and junk', () => {
    const sealed = sealFlow(SECRET, flow());
    expect(openFlow('k'.repeat(40), sealed)).toBeUndefined();
    const [, signature] = sealed.split('.');
    const changed = Buffer.from(JSON.stringify(flow({ back: '/edit/' }))).toString('base64url');
    expect(openFlow(SECRET, `${changed}.${signature}`)).toBeUndefined();
    expect(openFlow(SECRET, sealFlow(SECRET, flow({ expires: Date.now() - 1 })))).toBeUndefined();
    for (const junk of [undefined, '', '.', 'a.b.c', `${sealed}.x`, 'x'.repeat(3000)]) {
      expect(openFlow(SECRET, junk)).toBeUndefined();
    }
  });

  it('never hands back a way off the site, even from a sealed cookie', () => {
    expect(openFlow(SECRET, sealFlow(SECRET, flow({ back: '//evil.example/' })))?.back).toBe('/');
  });
});

describe('failurePath', () => {
  it('names the code and keeps a page to return to', () => {
    expect(failurePath('sign_in_failed')).toBe('/signin/?google=sign_in_failed');
    expect(failurePath('sign_in_failed', '/videos/?a=1&b=2')).toBe(
      '/signin/?google=sign_in_failed&back=%2Fvideos%2F%3Fa%3D1%26b%3D2',
    );
  });
});
