import type { ReportObject, ReportSubject } from '../../contracts/report.rules.ts';
import type { Database } from '../../db/client.ts';

// SQL of the reports (decision 0031): the row a report becomes, and what the operator's
// mail says about the object reported.

export interface NewReport {
  subject: ReportSubject;
  email: string;
  message: string;
  object: ReportObject | null;
  referrer: string;
  reporterId: number | null;
  ip: string;
  userAgent: string;
  lang: string;
  attachment: { data: Buffer; width: number; height: number } | null;
}

/** The object as the operator reads it: a few words and the page it is on. */
export interface ReportedObject {
  label: string;
  /** A site path, '' when the object has no page of its own. */
  path: string;
}

export interface ReportRepository {
  /** The object a report names, or undefined when there is no such object. */
  describe(object: ReportObject): Promise<ReportedObject | undefined>;
  insert(report: NewReport): Promise<number>;
  /** The operator's mail went out. */
  markNotified(id: number): Promise<void>;
}

const excerpt = (text: string, max = 120) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The page of a commented object: only videos, models, channels and members have one. */
function commentPath(section: string, objectId: number, dir: string | null): string {
  if (section === 'member') return `/members/${objectId}/wall/1/`;
  if (!dir) return '';
  if (section === 'video') return `/videos/${objectId}/${dir}/`;
  if (section === 'model') return `/model/${dir}/`;
  if (section === 'channel') return `/channel/${dir}/`;
  return '';
}

export function createReportRepository(database: Pick<Database, 'query'>): ReportRepository {
  const { query } = database;
  return {
    async describe(object) {
      switch (object.type) {
        case 'video': {
          const [row] = await query<{ dir: string; title: string }>(
            'SELECT dir, title FROM videos WHERE id = $1',
            [object.id],
          );
          return row && { label: `video “${row.title}”`, path: `/videos/${object.id}/${row.dir}/` };
        }
        case 'album': {
          const [row] = await query<{ title: string; user_id: number; username: string }>(
            `SELECT a.title, a.user_id, u.username FROM albums a JOIN users u ON u.id = a.user_id
              WHERE a.id = $1`,
            [object.id],
          );
          return (
            row && {
              label: `album “${row.title}” by ${row.username}`,
              path: `/members/${row.user_id}/`,
            }
          );
        }
        case 'member': {
          const [row] = await query<{ username: string }>(
            'SELECT username FROM users WHERE id = $1',
            [object.id],
          );
          return row && { label: `member ${row.username}`, path: `/members/${object.id}/` };
        }
        case 'comment': {
          const [row] = await query<{
            body: string;
            section: string;
            object_id: number;
            username: string;
            dir: string | null;
          }>(
            `SELECT c.body, c.section::text AS section, c.object_id, u.username,
                    CASE c.section
                      WHEN 'video' THEN (SELECT dir FROM videos WHERE id = c.object_id)
                      WHEN 'model' THEN (SELECT dir FROM models WHERE id = c.object_id)
                      WHEN 'channel' THEN (SELECT dir FROM channels WHERE id = c.object_id)
                    END AS dir
               FROM comments c JOIN users u ON u.id = c.user_id
              WHERE c.id = $1`,
            [object.id],
          );
          return (
            row && {
              label: `comment by ${row.username} on ${row.section} ${row.object_id}: “${excerpt(row.body)}”`,
              path: commentPath(row.section, Number(row.object_id), row.dir),
            }
          );
        }
      }
    },

    async insert(report) {
      const [row] = await query<{ id: number }>(
        `INSERT INTO reports (subject, email, message, object_type, object_id, referrer,
                              reporter_id, ip, user_agent, lang,
                              attachment, attachment_width, attachment_height)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING id`,
        [
          report.subject,
          report.email,
          report.message,
          report.object?.type ?? null,
          report.object?.id ?? null,
          report.referrer,
          report.reporterId,
          report.ip,
          report.userAgent,
          report.lang,
          report.attachment?.data ?? null,
          report.attachment?.width ?? null,
          report.attachment?.height ?? null,
        ],
      );
      if (!row) throw new Error('report not stored');
      return Number(row.id);
    },

    async markNotified(id) {
      await query('UPDATE reports SET notified_at = now() WHERE id = $1', [id]);
    },
  };
}
