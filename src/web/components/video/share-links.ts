import { EMBED_SIZE } from '../../../contracts/constants.ts';

// The Share modal's links and embed code (SPEC.md §2 "Modals": six social links, a page
// link and, for videos, an iframe of 426x265). Pure, so the exact URLs are unit-tested.

export const SHARE_NETWORKS = ['x', 'facebook', 'reddit', 'telegram', 'whatsapp', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export interface ShareLink {
  network: ShareNetwork;
  href: string;
}

/** Where each network takes a page address and title; values are URL-encoded. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const hrefs: Record<ShareNetwork, string> = {
    x: `https://x.com/intent/tweet?url=${u}&text=${t}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    reddit: `https://www.reddit.com/submit?url=${u}&title=${t}`,
    telegram: `https://t.me/share/url?url=${u}&text=${t}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    email: `mailto:?subject=${t}&body=${u}`,
  };
  return SHARE_NETWORKS.map((network) => ({ network, href: hrefs[network] }));
}

/** Text made safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The markup another site pastes to show the player (SPEC.md §9: 426x265). */
export function embedCode(embedUrl: string, title: string): string {
  return `<iframe src="${escapeHtml(embedUrl)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" frameborder="0" allowfullscreen title="${escapeHtml(title)}"></iframe>`;
}
