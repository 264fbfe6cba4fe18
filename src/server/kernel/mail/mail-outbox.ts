import type { Logger } from 'pino';
import type { Database } from '../../../db/client.ts';
import type { Mailer, MailMessage } from './mailer.ts';

// Mail that must not be lost when the SMTP server is down (decision 0051): statements of
// reasons, a report's mail to the operator, the copies a DMCA claimant is owed. The first
// attempt is made at once, as before; one that fails is kept whole in `mail_outbox` and the
// `mail.retry` job tries again after 5 minutes, then 15, an hour, 6 hours, and every day,
// for a week. When it goes, the row it is about is marked sent (`purpose` names which, and
// the domain that owns it says how: `marks`).

/** Minutes before each further attempt; the last repeats until a week has passed. */
const RETRY_MINUTES = [5, 15, 60, 360, 1440] as const;
/** After this long a message is given up (logged) and dropped. */
const GIVE_UP_DAYS = 7;

type Query = Pick<Database, 'query'>;

interface StoredMessage extends Omit<MailMessage, 'attachments'> {
  attachments?: { filename: string; content: string; contentType: string }[];
}

function store(message: MailMessage): StoredMessage {
  const { attachments, ...rest } = message;
  if (!attachments) return rest;
  return {
    ...rest,
    attachments: attachments.map((a) => ({ ...a, content: a.content.toString('base64') })),
  };
}

function restore(stored: StoredMessage): MailMessage {
  const { attachments, ...rest } = stored;
  if (!attachments) return rest;
  return {
    ...rest,
    attachments: attachments.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
  };
}

/** The delay before attempt `attempts + 1`, in minutes. */
export const retryDelayMinutes = (attempts: number): number =>
  RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? RETRY_MINUTES[0];

/**
 * What a kept mail is about: a statement of reasons, a report's mail to the operator, a DMCA
 * claimant's copy, a member's age check result (the last two: nothing to mark).
 */
export type MailPurpose = 'statement' | 'report' | 'dmca' | 'age_check';

export interface Owed {
  /** What the mail is about, for the mark once sent. */
  purpose: MailPurpose;
  /** The row to mark; null when there is nothing to mark. */
  refId: number | null;
}

export interface MailOutbox {
  /**
   * Sends now; when that fails, keeps the message for the retry job and answers false (the
   * failure is logged here). Never throws for a mail server's failure.
   */
  send(message: MailMessage, owed: Owed): Promise<boolean>;
  /**
   * One run of the retry job: tries the messages now due, oldest first, and stops at the
   * first that fails again (the server is still down: the rest wait for the next run).
   */
  retryDue(limit?: number): Promise<{ sent: number; failed: number; dropped: number }>;
}

export function createMailOutbox(deps: {
  database: Query;
  mailer: Mailer;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** How each purpose marks its row sent (`UPDATE … SET mailed_at = now()`). */
  marks: Partial<Record<MailPurpose, (refId: number) => Promise<void>>>;
}): MailOutbox {
  const mark = async (owed: Owed) => {
    if (owed.refId === null) return;
    await deps.marks[owed.purpose]?.(owed.refId);
  };
  return {
    async send(message, owed) {
      try {
        await deps.mailer.send(message);
      } catch (error) {
        deps.logger.warn(
          { err: error, to: message.to, purpose: owed.purpose, ref: owed.refId },
          'mail not sent: kept for the retry job',
        );
        await deps.database.query(
          `INSERT INTO mail_outbox (message, purpose, ref_id, attempts, next_at, last_error)
           VALUES ($1::jsonb, $2, $3, 1, now() + make_interval(mins => $4), $5)`,
          [
            JSON.stringify(store(message)),
            owed.purpose,
            owed.refId,
            retryDelayMinutes(1),
            String(error instanceof Error ? error.message : error).slice(0, 500),
          ],
        );
        return false;
      }
      await mark(owed);
      return true;
    },

    async retryDue(limit = 50) {
      const dropped = await deps.database.query<{ id: number; purpose: string; ref_id: number }>(
        `DELETE FROM mail_outbox WHERE created_at < now() - make_interval(days => $1)
         RETURNING id, purpose, ref_id`,
        [GIVE_UP_DAYS],
      );
      for (const row of dropped) {
        deps.logger.error(
          { outbox: row.id, purpose: row.purpose, ref: row.ref_id },
          `mail given up after ${GIVE_UP_DAYS} days of failures`,
        );
      }
      const due = await deps.database.query<{
        id: number;
        message: StoredMessage;
        purpose: MailPurpose;
        ref_id: number | null;
        attempts: number;
      }>(
        `SELECT id, message, purpose, ref_id, attempts FROM mail_outbox
          WHERE next_at <= now() ORDER BY next_at, id LIMIT $1`,
        [limit],
      );
      let sent = 0;
      for (const row of due) {
        try {
          await deps.mailer.send(restore(row.message));
        } catch (error) {
          const attempts = Number(row.attempts) + 1;
          await deps.database.query(
            `UPDATE mail_outbox SET attempts = $2, last_error = $3,
                    next_at = now() + make_interval(mins => $4)
              WHERE id = $1`,
            [
              row.id,
              attempts,
              String(error instanceof Error ? error.message : error).slice(0, 500),
              retryDelayMinutes(attempts),
            ],
          );
          return { sent, failed: 1, dropped: dropped.length };
        }
        await deps.database.query('DELETE FROM mail_outbox WHERE id = $1', [row.id]);
        await mark({
          purpose: row.purpose,
          refId: row.ref_id === null ? null : Number(row.ref_id),
        });
        sent++;
      }
      return { sent, failed: 0, dropped: dropped.length };
    },
  };
}
