import type { AuditAction, ModeratedObject } from '../../../contracts/moderation.ts';
import type { Database } from '../../../db/client.ts';
import type { Viewer } from '../access/viewer.ts';

// One row of the audit log (decision 0043), written in the same transaction as the change it
// records: a repository that changes something on a staff member's behalf takes the entry
// its service built and appends it with `appendAudit(tx, entry)`. Nothing updates or deletes
// rows (a trigger refuses it); `audit/audit.repository.ts` reads them.

/** Who acts and from where: the staff viewer and the request's address and user agent. */
export interface Actor {
  viewer: Viewer;
  ip: string;
  userAgent: string;
  /** The site itself acting on a schedule: recorded with the role `system`. */
  system?: true;
}

/**
 * The site acting on its own (a DMCA restore when the waiting period is over, decision 0049):
 * actor id 0, which no account has (audit_log.actor_id has no foreign key), role `system`.
 * Its viewer is a plain member's, so it passes no staff check if it is ever handed to one.
 */
export const SYSTEM_ACTOR: Actor = {
  viewer: {
    userId: 0,
    username: 'system',
    avatarVersion: 0,
    ageVerified: false,
    role: 'member',
    trustedUploader: false,
    sessionHash: '',
  },
  ip: '',
  userAgent: '',
  system: true,
};

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  objectType: ModeratedObject;
  objectId: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
  note?: string;
}

export async function appendAudit(tx: Pick<Database, 'query'>, entry: AuditEntry): Promise<void> {
  const { viewer, ip, userAgent } = entry.actor;
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_name, actor_role, action, object_type, object_id,
                            before, after, reason, note, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12)`,
    [
      viewer.userId,
      viewer.username,
      entry.actor.system ? 'system' : viewer.role,
      entry.action,
      entry.objectType,
      entry.objectId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
      entry.note ?? '',
      ip,
      userAgent.slice(0, 500),
    ],
  );
}
