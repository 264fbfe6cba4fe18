import { describe, expect, it } from 'vitest';
import { ACCOUNT_PURGE_DAYS } from '../../contracts/account-data.ts';
import { fill, INFORMATION } from './information.ts';

describe('the information pages', () => {
  const filled = Object.values(INFORMATION)
    .flat()
    .flatMap((section) => section.paragraphs)
    .map((paragraph) => fill(paragraph, 'Afterglow', 'help@example.test'));

  it('leave no placeholder unfilled', () => {
    for (const paragraph of filled) expect(paragraph).not.toMatch(/\{\w+\}/);
  });

  it('state the purge time the deletion keeps to, from its constant', () => {
    const privacy = INFORMATION.privacy.flatMap((section) => section.paragraphs).join('\n');
    expect(privacy).toContain('Within {purgeDays} days');
    expect(filled.filter((p) => p.includes(`Within ${ACCOUNT_PURGE_DAYS} days`))).toHaveLength(1);
  });
});
