import { describe, expect, it } from 'vitest';
import { type AppealFacts, appealable, appealRefusal } from './appealable.ts';

const removal: AppealFacts = {
  decision: 'removed',
  appealState: 'none',
  inForce: true,
  dmca: false,
};

describe('appealable', () => {
  it('a decision in force, not appealed yet, not a ban and not a DMCA notice’s', () => {
    expect(appealable(removal)).toBe(true);
    expect(appealable({ ...removal, decision: 'strike' })).toBe(true);
    expect(appealable({ ...removal, decision: 'rejected' })).toBe(true);
  });

  it('says why not, in the order the endpoint answers', () => {
    expect(appealRefusal({ ...removal, decision: 'banned', appealState: 'open' })).toBe(
      'not_appealable',
    );
    expect(appealRefusal({ ...removal, appealState: 'upheld', dmca: true })).toBe(
      'already_appealed',
    );
    expect(appealRefusal({ ...removal, dmca: true, inForce: false })).toBe('dmca_counter_notice');
    expect(appealRefusal({ ...removal, inForce: false })).toBe('not_in_force');
  });
});
