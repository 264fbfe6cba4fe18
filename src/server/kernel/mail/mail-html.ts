// The HTML part of the site's mails: text typed by people (members, senders, staff) is plain
// text everywhere and escaped here, once.

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Paragraphs of plain text as HTML paragraphs, escaped, a single line break kept. */
export const paragraphsHtml = (paragraphs: readonly string[]): string =>
  paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
