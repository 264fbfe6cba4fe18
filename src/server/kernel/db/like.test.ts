import { describe, expect, it } from 'vitest';
import { escapeLike, likeContaining, likePrefix } from './like.ts';

describe('LIKE patterns of a search box', () => {
  it('escape the wildcards and the escape character', () => {
    expect(escapeLike('100% _real_ a\\b')).toBe('100\\% \\_real\\_ a\\\\b');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('match containing or starting with the text', () => {
    expect(likeContaining('50%')).toBe('%50\\%%');
    expect(likePrefix('a_b')).toBe('a\\_b%');
  });
});
