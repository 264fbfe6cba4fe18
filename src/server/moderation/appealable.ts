// Whether a statement of reasons can be appealed (DSA art. 20; decisions 0045, 0049, 0052):
// the one rule behind the lists' `can_appeal` (the uploads tab, the profile's "Moderation
// decisions") and /api/appeal.php, so the endpoint never accepts what the lists say no to.
// Each caller reads the facts from its own rows; the rule is only here.

export interface AppealFacts {
  decision: 'rejected' | 'removed' | 'strike' | 'banned';
  appealState: 'none' | 'open' | 'upheld' | 'reversed';
  /**
   * The decision still holds: the video still rejected or removed by it, the object still
   * down, the strike not revoked. One restored since leaves nothing to appeal.
   */
  inForce: boolean;
  /** A DMCA notice made it: contested by a counter-notice, not appealed. */
  dmca: boolean;
}

/** Why not, in the order the endpoint answers; null when it can be appealed. */
export type AppealRefusal =
  | 'not_appealable'
  | 'already_appealed'
  | 'dmca_counter_notice'
  | 'not_in_force';

export function appealRefusal(facts: AppealFacts): AppealRefusal | null {
  // A banned member cannot sign in: the ban's mail names the contact form instead.
  if (facts.decision === 'banned') return 'not_appealable';
  // One appeal per decision; a decision upheld on appeal is not appealed again.
  if (facts.appealState !== 'none') return 'already_appealed';
  if (facts.dmca) return 'dmca_counter_notice';
  if (!facts.inForce) return 'not_in_force';
  return null;
}

export const appealable = (facts: AppealFacts): boolean => appealRefusal(facts) === null;
