// DMCA notices and counter-notices (17 U.S.C. §512(c)(3) and (g)(3); issue 16, decision
// 0049): the vocabulary and rules shared by the server, the console and the member's uploads.

export const DMCA_NOTICE_STATES = ['received', 'actioned', 'rejected'] as const;
export type DmcaNoticeState = (typeof DMCA_NOTICE_STATES)[number];

export const DMCA_ITEM_STATES = [
  'pending',
  'taken_down',
  'countered',
  'restored',
  'lawsuit',
  'not_found',
] as const;
export type DmcaItemState = (typeof DMCA_ITEM_STATES)[number];

/** Longest value of each field of a notice or a counter-notice. */
export const DMCA_LIMITS = {
  name: 200,
  company: 200,
  email: 254,
  address: 1000,
  phone: 50,
  works: 5000,
  signature: 200,
  url: 2000,
  /** URLs one notice may name. */
  urls: 100,
  note: 2000,
} as const;

const VIDEO_PAGE = /^\/videos\/(\d{1,9})(?:\/|$)/;

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * The id of the video a URL names on this site: a video page (`/videos/<id>/<dir>/`) on the
 * site's host (with or without `www.`) or a bare path; undefined for anything else.
 */
export function videoIdOfUrl(raw: string, siteUrl: string): number | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim(), siteUrl);
  } catch {
    return undefined;
  }
  if (bareHost(url.host) !== bareHost(new URL(siteUrl).host)) return undefined;
  const match = VIDEO_PAGE.exec(url.pathname);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : undefined;
}

/** An absolute http(s) URL, as a notice must name the material. */
export function isWebUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The URLs of this site's video pages found in a message (a contact-form DMCA report). */
export function siteVideoUrlsIn(message: string, siteUrl: string): string[] {
  const found = message.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const urls = found
    .map((url) => url.replace(/[.,;:!?]+$/, ''))
    .filter((url) => videoIdOfUrl(url, siteUrl) !== undefined);
  return [...new Set(urls)];
}
