import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '../app-context.ts';
import type { PageUser } from '../ssr-types.ts';

/**
 * Loader of the screens for visitors only (sign in, sign up, restore password): a member
 * has nothing to do there and goes to the main page.
 */
export function guestOnlyLoader({ context }: Pick<LoaderFunctionArgs, 'context'>): null {
  if (context.get(appContext).globals.user) throw redirect('/');
  return null;
}

/**
 * Loader guard of the screens for members only (SPEC.md §4: a non-member opening /edit/,
 * /upload-video/ or the watch-later list is sent to /). Answers the signed-in member.
 */
export function membersOnlyLoader({ context }: Pick<LoaderFunctionArgs, 'context'>): PageUser {
  const user = context.get(appContext).globals.user;
  if (!user) throw redirect('/');
  return user;
}
