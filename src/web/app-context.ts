import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';
import type { PageGlobals } from './ssr-types.ts';

// What every route loader gets, on the server (per request) and in the browser.
export interface AppContextValue {
  queryClient: QueryClient;
  globals: PageGlobals;
}

export const appContext = createContext<AppContextValue>();

export function createAppContext(value: AppContextValue): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, value);
  return provider;
}
