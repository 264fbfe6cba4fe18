// A search box's text inside a LIKE pattern: `%` and `_` are wildcards there and `\` is the
// escape (PostgreSQL's default), so a typed one must be escaped to match itself.

/** The text with LIKE's wildcards and escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching any text that contains this one. */
export const likeContaining = (text: string) => `%${escapeLike(text)}%`;

/** A pattern matching any text that starts with this one. */
export const likePrefix = (text: string) => `${escapeLike(text)}%`;
