import type { Gender, Language } from '../contracts/constants.ts';
import type { ApiClient } from './api/client.ts';

// The contract between the server (src/server/ssr/) and the web app's server entry.

export interface SiteInfo {
  name: string;
  url: string;
  sisterSites: { name: string; url: string }[];
  /** Where visitors, rights holders and authorities write (support, DMCA, DSA). */
  contactEmail: string;
}

/** The signed-in member, from the session (SPEC.md §4 Auth: logged in when this exists). */
export interface PageUser {
  id: number;
  username: string;
  /** Avatar URL, '' when the member has none. */
  avatar: string;
  ageVerified: boolean;
  /** Videos in the member's server-side history (capped at 999), for the header. */
  historyCount: number;
}

/** Page constants from the server (SPEC.md §3), also sent to the browser for hydration. */
export interface PageGlobals {
  lang: Language;
  gender: Gender;
  country: string;
  site: SiteInfo;
  user: null | PageUser;
  /** The CSRF token (double-submit cookie `csrf`) every POST sends in `x-csrf-token`. */
  csrf: string;
  /** The cookie notice is due: the visitor has not acknowledged it (its cookie is absent). */
  cookieNotice: boolean;
  /** Stylesheets of the first page, kept in the document on hydration. */
  styles: string[];
}

export interface RenderRequest {
  url: string;
  api: ApiClient;
  globals: PageGlobals;
  scripts: string[];
  nonce: string;
  /** Resolves the manifest files (JS preloads and CSS) of the matched route modules. */
  routeAssets(routeIds: string[]): { styles: string[]; preloads: string[] };
  signal: AbortSignal;
  onError(error: unknown): void;
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'html'; status: number; stream: NodeJS.ReadableStream };
