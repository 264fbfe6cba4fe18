import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppContext } from '../app-context.ts';
import type { PageGlobals, PageUser } from '../ssr-types.ts';
import { guestOnlyLoader, membersOnlyLoader } from './guards.ts';

function contextFor(user: PageUser | null) {
  const globals: PageGlobals = {
    lang: 'en',
    gender: 'str',
    country: 'de',
    site: {
      name: 'Afterglow',
      url: 'https://example.test',
      sisterSites: [],
      contactEmail: '',
      custodian: { name: '', address: [], email: '', demo: true },
    },
    user,
    csrf: 'token',
    cookieNotice: false,
    styles: [],
  };
  return createAppContext({ queryClient: new QueryClient(), globals });
}

const member = {
  id: 7,
  username: 'ann',
  avatar: '',
  ageVerified: true,
  historyCount: 0,
  unreadMessages: 0,
};

function expectRedirectHome(load: () => unknown) {
  let thrown: unknown;
  try {
    load();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(302);
  expect((thrown as Response).headers.get('location')).toBe('/');
}

describe('guestOnlyLoader', () => {
  it('lets a visitor in', () => {
    expect(guestOnlyLoader({ context: contextFor(null) })).toBeNull();
  });

  it('sends a member to the main page', () => {
    expectRedirectHome(() => guestOnlyLoader({ context: contextFor(member) }));
  });
});

describe('membersOnlyLoader', () => {
  it('answers the member', () => {
    expect(membersOnlyLoader({ context: contextFor(member) })).toEqual(member);
  });

  it('sends a visitor to the main page', () => {
    expectRedirectHome(() => membersOnlyLoader({ context: contextFor(null) }));
  });
});
