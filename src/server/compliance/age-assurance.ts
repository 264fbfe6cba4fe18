// The UK age check behind one interface (issue 17, decision 0054): a provider takes the
// member's evidence (the screened photo) and answers passed, failed or pending; a pending
// check is decided later, by a moderator in the console (`staff`), by the verifier's signed
// webhook or by asking it (`http`). Whatever the provider, once decided only the result,
// the method and the time remain: the photo and the provider's reference are gone.

export type AgeOutcome = 'passed' | 'failed';

export type AgeSubmission =
  | { state: AgeOutcome }
  /** Waiting: the provider's reference to ask about it, or the stored photo for a reviewer. */
  | { state: 'pending'; externalRef?: string; evidencePath?: string };

/** A verifier's signed notice, read: which check and what it says now. */
export interface AgeNotice {
  externalRef: string;
  outcome: AgeOutcome | 'pending';
}

export interface AgeAssuranceProvider {
  /** `age_checks.provider` */
  readonly name: 'staff' | 'http';
  /** `age_checks.method`: how it judges. */
  readonly method: string;
  /**
   * Hands the evidence over. Throws AppError('unavailable') when the provider cannot take it
   * now (down, too slow, refusing our credentials); a member's bad photo is not such a case.
   */
  submit(photo: Buffer, check: { id: number; userId: number }): Promise<AgeSubmission>;
  /** Asks about a pending check (polling); providers decided by staff have none. */
  poll?(externalRef: string): Promise<AgeOutcome | 'pending'>;
  /** Reads a webhook call; null when it is not signed with our secret. */
  notice?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): AgeNotice | null;
}
