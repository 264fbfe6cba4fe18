import type { Logger } from 'pino';
import type {
  AgeCheckPending,
  AgeCheckQueue,
  AgeCheckStatusAnswer,
} from '../../contracts/age-check.schema.ts';
import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import { CONSOLE_PAGE_SIZE, consolePages } from '../../contracts/moderation.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type Actor, SYSTEM_ACTOR } from '../kernel/audit/audit-entry.ts';
import type { AgeAssuranceProvider, AgeOutcome } from './age-assurance.ts';
import type { AgeCheckRepository, Decided } from './age-check.repository.ts';
import type { AgeEvidenceStore } from './age-evidence.store.ts';
import { screenAgePhoto } from './age-photo.ts';

// SPEC.md §4 UK gate, decision 0054: a member sends a photo; it is screened, handed to the
// configured provider, and the member is age-verified for good when the check passes. A
// pending check is decided by a moderator (`staff`), by the verifier's signed webhook or by
// asking it when the member's page asks for news (`http`), or fails when it waited too long.
// On every decision the photo file goes at once and the row keeps result, method and time.

export const AGE_STATUS_URL = '/api/age_verification.php';
/** A pending check is asked about at most this often, however often the member's page polls. */
const POLL_EVERY_MS = 5000;
/** A photo file no pending check holds (a crash between storing and recording) goes then. */
const ORPHAN_AFTER_MS = 3_600_000;

export type AgeDecision = 'approve' | 'reject';

export function parseAgeDecision(form: Record<string, unknown>): AgeDecision {
  const decision = form.decision;
  if (decision === 'approve' || decision === 'reject') return decision;
  throw AppError.form([{ field: 'decision', code: decision ? 'invalid_params' : 'required' }]);
}

export interface AgeVerificationDeps {
  provider: AgeAssuranceProvider;
  checks: AgeCheckRepository;
  evidence: AgeEvidenceStore;
  /** Days a pending check may wait before its photo is deleted and it fails. */
  reviewDays: number;
  /** Milliseconds now: how long since a verifier was last asked (Date.now by default). */
  clock?: (() => number) | undefined;
  /** The member's cached session and profile now tell an old story. */
  changed(userId: number): void;
  /** Tells the member the result by mail (a failed mail is logged, not thrown). */
  tellMember?(userId: number, outcome: AgeOutcome): Promise<void>;
  log: Pick<Logger, 'warn' | 'info'>;
}

const PENDING: AgeCheckPending = {
  success: 0,
  pending: 1,
  state: 'pending',
  status_url: AGE_STATUS_URL,
};

export function createAgeVerificationService(deps: AgeVerificationDeps) {
  const { provider, checks, evidence } = deps;
  const lastPoll = new Map<number, number>();
  const clock = deps.clock ?? Date.now;
  const reviewMs = deps.reviewDays * 86_400_000;

  /** After the decision's transaction: the photo goes, caches forget, the member hears. */
  async function finish(decided: Decided, outcome: AgeOutcome): Promise<void> {
    if (decided.evidencePath) {
      try {
        await evidence.remove(decided.evidencePath);
      } catch (error) {
        // The sweep of `expireDue` removes it on its next run.
        deps.log.warn({ err: error }, 'age check photo not deleted');
      }
    }
    if (outcome === 'passed') deps.changed(decided.userId);
    await deps.tellMember?.(decided.userId, outcome);
  }

  async function decideBy(
    id: number,
    outcome: AgeOutcome,
    opts: Parameters<AgeCheckRepository['decide']>[2] = {},
  ): Promise<Decided | undefined> {
    const decided = await checks.decide(id, outcome, opts);
    lastPoll.delete(id);
    if (decided) await finish(decided, outcome);
    return decided;
  }

  return {
    async verify(userId: number, image: Buffer): Promise<{ success: 1 } | AgeCheckPending> {
      // Before the photo is decoded: a verified member or a pending check needs none.
      const { ageVerified, check: latest } = await checks.latest(userId);
      if (ageVerified) return { success: 1 };
      // One check at a time: a second photo while the first waits is not kept.
      if (latest?.state === 'pending') return PENDING;
      const screened = await screenAgePhoto(image);
      if (!screened.ok) throw new AppError(screened.reason, { field: 'file' });
      // Checked again where it counts: another photo may have been screened meanwhile.
      const created = await checks.create({
        userId,
        provider: provider.name,
        method: provider.method,
      });
      if (created === 'verified') return { success: 1 };
      if (created === 'pending') return PENDING;
      const { id } = created;
      let submitted: Awaited<ReturnType<AgeAssuranceProvider['submit']>>;
      try {
        submitted = await provider.submit(screened.jpeg, { id, userId });
      } catch (error) {
        await checks.remove(id);
        throw error;
      }
      if (submitted.state === 'pending') {
        try {
          await checks.setPending(id, submitted);
        } catch (error) {
          if (submitted.evidencePath) await evidence.remove(submitted.evidencePath);
          await checks.remove(id);
          throw error;
        }
        return PENDING;
      }
      await decideBy(id, submitted.state);
      if (submitted.state === 'failed') {
        throw new AppError('age_verification_failed', { field: 'file' });
      }
      return { success: 1 };
    },

    /** Where the member's check stands; a pending one at a verifier is asked about. */
    async status(userId: number): Promise<AgeCheckStatusAnswer> {
      let { ageVerified, check } = await checks.latest(userId);
      if (check?.state === 'pending' && check.external_ref && provider.poll) {
        const last = lastPoll.get(check.id) ?? 0;
        if (clock() - last >= POLL_EVERY_MS) {
          lastPoll.set(check.id, clock());
          try {
            const outcome = await provider.poll(check.external_ref);
            if (outcome !== 'pending' && (await decideBy(check.id, outcome))) {
              ({ ageVerified, check } = await checks.latest(userId));
            }
          } catch (error) {
            // Still pending: the member's page asks again, the webhook may come.
            if (!(error instanceof AppError)) throw error;
          }
        }
      }
      return {
        state: ageVerified ? 'passed' : (check?.state ?? 'none'),
        age_verified: ageVerified,
        method: check?.method ?? '',
        decided_at: check?.decided_at ? isoTime(check.decided_at) : null,
      };
    },

    /** The verifier's webhook: refused unless signed with our secret. */
    async notice(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ success: 1 }> {
      if (!provider.notice) throw new AppError('not_found');
      const notice = provider.notice(rawBody, headers);
      if (!notice) throw new AppError('no_permission');
      if (notice.outcome === 'pending') return { success: 1 };
      const check = await checks.byExternalRef(provider.name, notice.externalRef);
      // Decided already (the poll came first) or not ours: nothing to do, and the verifier
      // need not send it again.
      if (check) await decideBy(check.id, notice.outcome, { provider: provider.name });
      return { success: 1 };
    },

    async queue(viewer: Viewer | null, page: number): Promise<AgeCheckQueue> {
      requireStaff(viewer, 'review', 'member');
      const [rows, total] = await Promise.all([
        checks.queue({ limit: CONSOLE_PAGE_SIZE, offset: (page - 1) * CONSOLE_PAGE_SIZE }),
        checks.queueCount(),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          member: { id: Number(row.user_id), username: row.username },
          submitted_at: isoTime(row.created_at),
          expires_at: new Date(new Date(row.created_at).getTime() + reviewMs).toISOString(),
          photo: `/api/admin/age-checks/${row.id}/photo`,
        })),
        total,
        page,
        pages: consolePages(total),
      };
    },

    /** The photo of a check waiting for a moderator; gone (404) once it is decided. */
    async photo(viewer: Viewer | null, id: number): Promise<Buffer> {
      requireStaff(viewer, 'review', 'member');
      const check = await checks.find(id);
      const image =
        check?.state === 'pending' && check.evidence_path
          ? await evidence.read(check.evidence_path)
          : undefined;
      if (!image) throw new AppError('not_found');
      return image;
    },

    async decide(
      actor: Actor,
      id: number,
      decision: AgeDecision,
    ): Promise<{ success: 1; next: number | null }> {
      requireStaff(actor.viewer, 'review', 'member');
      const outcome: AgeOutcome = decision === 'approve' ? 'passed' : 'failed';
      const check = await checks.find(id);
      if (check?.provider !== 'staff') throw new AppError('not_found', { field: 'id' });
      const decided = await decideBy(id, outcome, {
        provider: 'staff',
        decidedBy: actor.viewer.userId,
        audit: (userId) => ({
          actor,
          action: outcome === 'passed' ? 'age_check.pass' : 'age_check.fail',
          objectType: 'member',
          objectId: userId,
          before: { age_check: id, state: 'pending' },
          after: { age_check: id, state: outcome, method: check.method },
        }),
      });
      if (!decided) {
        // Another moderator decided first.
        const now = (await checks.find(id))?.state ?? 'failed';
        throw new AppError('not_found', { field: 'id', info: { state: now } });
      }
      return { success: 1, next: await checks.nextAfter(id) };
    },

    /**
     * Checks pending longer than the limit fail and their photos go; photo files no pending
     * check holds go too. The `age.expire` job runs it.
     */
    async expireDue(now = new Date()): Promise<{ expired: number; swept: number }> {
      let expired = 0;
      for (const check of await checks.overdue(new Date(now.getTime() - reviewMs))) {
        const decided = await decideBy(check.id, 'failed', {
          audit: (userId) => ({
            actor: SYSTEM_ACTOR,
            action: 'age_check.expire',
            objectType: 'member',
            objectId: userId,
            before: { age_check: check.id, state: 'pending' },
            after: { age_check: check.id, state: 'failed', method: check.method },
          }),
        });
        if (decided) expired++;
      }
      const held = await checks.heldEvidence();
      let swept = 0;
      for (const file of await evidence.list()) {
        if (held.has(file.name) || file.ageMs < ORPHAN_AFTER_MS) continue;
        await evidence.remove(file.name);
        swept++;
      }
      if (expired + swept > 0) deps.log.info({ expired, swept }, 'age checks expired');
      return { expired, swept };
    },
  };
}

export type AgeVerificationService = ReturnType<typeof createAgeVerificationService>;
