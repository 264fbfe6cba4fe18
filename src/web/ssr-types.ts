import type { Gender, Language } from '../contracts/constants.ts';
import type { ApiClient } from './api/client.ts';
import type { GateCountry } from './lib/age-gate.ts';

// The contract between the server (src/server/ssr/) and the web app's server entry.

export interface SiteInfo {
  name: string;
  url: string;
  sisterSites: { name: string; url: string }[];
  /** Where visitors, rights holders and authorities write (support, DMCA, DSA). */
  contactEmail: string;
  /** The custodian of the 2257 records, named on /information/2257/ (decision 0055). */
  custodian: { name: string; address: string[]; email: string; demo: boolean };
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
  /** Messages from other members not read yet (capped at 99), for the header. */
  unreadMessages: number;
}

/** Page constants from the server (SPEC.md §3), also sent to the browser for hydration. */
export interface PageGlobals {
  lang: Language;
  gender: Gender;
  /** The visitor's country, lower case; '' when the header named none or several. */
  country: string;
  site: SiteInfo;
  user: null | PageUser;
  /** The CSRF token (double-submit cookie `csrf`) every POST sends in `x-csrf-token`. */
  csrf: string;
  /** The cookie notice is due: the visitor has not acknowledged it (its cookie is absent). */
  cookieNotice: boolean;
  /** "Sign in with Google" is configured: the sign-in and sign-up screens offer it. */
  googleSignIn?: boolean;
  /** The age gates' inputs only the server knows (SPEC.md §4); absent: none of them. */
  ageGate?: AgeGateGlobals;
  /** Stylesheets of the first page, kept in the document on hydration. */
  styles: string[];
  /** The operator's layout ads a visitor's page shows (decision 0035); absent: none. */
  ads?: PageAds;
  /** Analytics the operator configured (decision 0035); absent: none at all. */
  analytics?: PageAnalytics;
}

/** An operator's banner: an image linking out, or a framed page, of a fixed size. */
export interface PageCreative {
  id: string;
  type: 'image' | 'iframe';
  src: string;
  /** Where a click on an image goes ('' for a frame, which links by itself). */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** Where the layout ads go: the header's promo button, the top banners, the strip's links. */
export type AdsPlaceName = 'button' | 'top' | 'links';

/**
 * What the server chose for this page (SPEC.md §2 "Layout"): the creatives for the visitor's
 * device, the promo button's target, the tag strip's promo links. Visitors only.
 */
export interface PageAds {
  /** The promo button's target, '' for none. */
  button: string;
  /** The promo banner (the page leaves it out on information pages). */
  promo?: PageCreative;
  /** The header banner, on phones only. */
  header?: PageCreative;
  links: { id: string; label: string; url: string }[];
}

export interface PageAnalytics {
  /** The metrics counter's script, loaded once a page. */
  counter?: string;
  /** The page-view tag: loaded for every page view, with `url` and `ref` added. */
  tag?: string;
  /** Ad-spot events (impressions, clicks) go to POST /api/ads/events. */
  adEvents?: boolean;
}

/** The general gate's words: title, text and its two buttons. */
export interface GeneralGateText {
  title: string;
  text: string;
  enter: string;
  leave: string;
}

/** What the server tells the age gates (docs/decisions/0018-age-gates-and-ads.md). */
export interface AgeGateGlobals {
  /** The general gate's flag cookie is set: the visitor pressed Enter before. */
  confirmed: boolean;
  /** The visit came from a sister site with a `source` or `promo` query (UK gate exemption). */
  referred: boolean;
  /** The country header as the gates read it: a list or an unknown value fails closed. */
  country: GateCountry;
  /**
   * The general gate's words in the language of the visitor's country (SPEC.md §4), which
   * may not be the page's language; set only when that gate may show.
   */
  generalText?: GeneralGateText;
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
