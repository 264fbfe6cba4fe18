import { createContext, useContext } from 'react';
import type { PageGlobals } from '../ssr-types.ts';

export const GlobalsContext = createContext<PageGlobals | null>(null);

/** Page constants from the server: language, gender section, country, site, user. */
export function useGlobals(): PageGlobals {
  const globals = useContext(GlobalsContext);
  if (!globals) throw new Error('useGlobals outside the app');
  return globals;
}
