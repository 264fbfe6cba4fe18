import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '../app-context.ts';

/**
 * Loader of the screens for visitors only (sign in, sign up, restore password): a member
 * has nothing to do there and goes to the main page.
 */
export function guestOnlyLoader({ context }: Pick<LoaderFunctionArgs, 'context'>): null {
  if (context.get(appContext).globals.user) throw redirect('/');
  return null;
}
