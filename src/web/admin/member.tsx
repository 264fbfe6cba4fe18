import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toastTitle } from '../../contracts/format.ts';
import type {
  ConsoleMemberPage,
  MemberComments,
  MemberReports,
  MemberUploads,
  MemberWallPosts,
} from '../../contracts/people.schema.ts';
import { postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { isMembersPath } from './console-paths.ts';
import { ConsoleTitle, useConsoleMe } from './console-ui.tsx';
import own from './member.module.css';
import { type ActFields, MemberActDialog } from './member-act-dialog.tsx';
import {
  banPath,
  isMemberRecordPath,
  type MemberList,
  memberListPath,
  memberRecordPath,
  removeCommentsPath,
  revokeStrikePath,
  strikesPath,
  unbanPath,
  wallPostPath,
} from './member-paths.ts';
import { reasonLabel } from './report-format.ts';
import { videoPageHref } from './report-paths.ts';

// One member in the console (decision 0048): who they are, what they uploaded and wrote, what
// was reported about them, and their strikes, bans and statements; ban or unban, give or
// revoke a strike, remove all their comments, hide a wall post. Every act through a dialog
// and a toast; the record is read again after it.

const day = (iso: string) => whenUtc(iso).slice(0, 16);

const STATUS_CHIP = {
  active: styles.chip ?? '',
  unconfirmed: `${styles.chip} ${styles.chipWarn}`,
  banned: `${styles.chip} ${styles.chipBad}`,
};

type Dialog =
  | { kind: 'ban' | 'unban' | 'strike' | 'comments' }
  | { kind: 'revoke'; strikeId: number }
  | null;

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className={own.section}>
      <h2 className={own.sectionTitle}>
        {title}
        {count !== undefined ? <span className={styles.count}>{count}</span> : null}
      </h2>
      {children}
    </section>
  );
}

/** A paged list of the member's record, read as it is shown. */
function PagedList<T extends { items: unknown[]; page: number; pages: number; total: number }>({
  memberId,
  list,
  empty,
  children,
}: {
  memberId: number;
  list: MemberList;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...apiQuery<T>(memberListPath(memberId, list, page)) });
  if (query.isError) return <p className={styles.muted}>Could not load this list.</p>;
  if (!query.data) return <p className={styles.muted}>Loading…</p>;
  const data = query.data;
  if (data.items.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <>
      {children(data)}
      {data.pages > 1 ? (
        <nav className={own.pager} aria-label={`${list} pages`}>
          <button
            type="button"
            className={styles.button}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span className={styles.muted}>
            Page {data.page} of {data.pages}
          </span>
          <button
            type="button"
            className={styles.button}
            disabled={page >= data.pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      ) : null}
    </>
  );
}

export function MemberScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(apiQuery<ConsoleMemberPage>(memberRecordPath(id)));
  const me = useConsoleMe();
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useOverlays();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { member, counts } = data;
  const canBan = me.permissions.includes('disable:member:any');
  const canHide = me.permissions.includes('hide:comment:any');
  const name = toastTitle(member.username);

  const reread = () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const path = String(query.queryKey[1] ?? '');
        return isMemberRecordPath(path, id) || isMembersPath(path);
      },
    });

  const act = async (path: string, fields: Record<string, string>, done: string) => {
    await postForm(path, fields);
    toast('success', done);
    await reread();
  };

  const withReason = (f: ActFields) => ({ reason: f.reason ?? '', note: f.note });

  const setPost = async (postId: number, shown: boolean) => {
    try {
      await act(
        wallPostPath(postId, shown),
        {},
        shown ? 'Wall post shown again' : 'Wall post hidden',
      );
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <>
      <ConsoleTitle title={member.username} />
      <header className={own.head}>
        <div className={own.who}>
          <h1 className={own.name}>{member.username}</h1>
          <span className={STATUS_CHIP[member.status]} data-testid="member-status">
            {member.status}
          </span>
          {member.role !== 'member' ? <span className={styles.role}>{member.role}</span> : null}
          {member.trusted ? (
            <span className={`${styles.chip} ${styles.chipGood}`}>Trusted</span>
          ) : null}
        </div>
        <dl className={own.facts}>
          <div>
            <dt>Email</dt>
            <dd className={styles.mono}>{member.email}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{day(member.joined)}</dd>
          </div>
          <div>
            <dt>Last sign-in</dt>
            <dd>{member.last_sign_in ? day(member.last_sign_in) : 'never'}</dd>
          </div>
          <div>
            <dt>Language</dt>
            <dd>{member.lang}</dd>
          </div>
          <div>
            <dt>Strikes in force</dt>
            <dd data-testid="strikes-in-force">
              {data.strikes_in_force} of {data.strikes_to_ban}
            </dd>
          </div>
        </dl>
        {data.ban ? (
          <p className={own.banned} role="status">
            Banned {day(data.ban.created_at)} by {data.ban.by || 'the strikes'}:{' '}
            {reasonLabel(data.ban.reason)}
            {data.ban.hide_content ? ', content taken down' : ', content kept'}
            {data.ban.note ? ` (“${data.ban.note}”)` : ''}
          </p>
        ) : null}
        <div className={own.actions}>
          {canBan && data.ban ? (
            <button
              type="button"
              className={`${styles.button} ${own.good}`}
              onClick={() => setDialog({ kind: 'unban' })}
            >
              Unban…
            </button>
          ) : null}
          {canBan && !data.ban ? (
            <button
              type="button"
              className={`${styles.button} ${own.danger}`}
              onClick={() => setDialog({ kind: 'ban' })}
            >
              Ban…
            </button>
          ) : null}
          {canBan ? (
            <button
              type="button"
              className={styles.button}
              onClick={() => setDialog({ kind: 'strike' })}
            >
              Give a strike…
            </button>
          ) : null}
          {canHide ? (
            <button
              type="button"
              className={styles.button}
              disabled={counts.comments === 0}
              onClick={() => setDialog({ kind: 'comments' })}
            >
              Remove all comments…
            </button>
          ) : null}
          <Link
            className={styles.button}
            to={`/admin/audit/?object_type=member&object_id=${member.id}`}
          >
            Audit log
          </Link>
          {member.status === 'active' ? (
            <a
              className={styles.button}
              href={`/members/${member.id}/`}
              target="_blank"
              rel="noopener"
            >
              Public profile
            </a>
          ) : null}
        </div>
      </header>

      <div className={own.grid}>
        <Section title="Uploads" count={counts.uploads}>
          <PagedList<MemberUploads> memberId={id} list="uploads" empty="No uploads.">
            {(page) => (
              <ul className={own.rows}>
                {page.items.map((video) => (
                  <li key={video.id} className={own.row}>
                    {video.state === 'review' ? (
                      <Link to={`/admin/review/${video.id}/`}>{video.title}</Link>
                    ) : video.state === 'active' ? (
                      <a href={videoPageHref(video.id)} target="_blank" rel="noopener">
                        {video.title}
                      </a>
                    ) : (
                      <span>{video.title}</span>
                    )}
                    <span
                      className={
                        video.state === 'removed' ? `${styles.chip} ${styles.chipBad}` : styles.chip
                      }
                    >
                      {video.state}
                    </span>
                    <span className={styles.muted}>{day(video.created_at)}</span>
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </Section>

        <Section title="Comments" count={counts.comments}>
          <PagedList<MemberComments> memberId={id} list="comments" empty="No comments.">
            {(page) => (
              <ul className={own.rows}>
                {page.items.map((comment) => (
                  <li key={comment.id} className={own.row}>
                    <span className={comment.shown ? own.body : `${own.body} ${own.gone}`}>
                      {comment.body}
                    </span>
                    <span className={styles.muted}>
                      {comment.section === 'video' ? (
                        <a href={videoPageHref(comment.object_id)} target="_blank" rel="noopener">
                          video {comment.object_id}
                        </a>
                      ) : (
                        `${comment.section} ${comment.object_id}`
                      )}{' '}
                      · {day(comment.created_at)}
                    </span>
                    {comment.shown ? null : (
                      <span className={`${styles.chip} ${styles.chipBad}`}>removed</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </Section>

        <Section title="Wall posts" count={counts.wall_posts}>
          <PagedList<MemberWallPosts> memberId={id} list="wall_posts" empty="No wall posts.">
            {(page) => (
              <ul className={own.rows}>
                {page.items.map((post) => (
                  <li key={post.id} className={own.row}>
                    <span className={post.shown ? own.body : `${own.body} ${own.gone}`}>
                      {post.body}
                    </span>
                    <span className={styles.muted}>
                      on {post.owner}’s wall · {day(post.created_at)}
                    </span>
                    {canHide ? (
                      <button
                        type="button"
                        className={styles.button}
                        onClick={() => void setPost(post.id, !post.shown)}
                      >
                        {post.shown ? 'Hide' : 'Show again'}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </Section>

        <Section title="Reports" count={counts.reports}>
          <PagedList<MemberReports> memberId={id} list="reports" empty="No reports.">
            {(page) => (
              <ul className={own.rows}>
                {page.items.map((report) => (
                  <li key={report.id} className={own.row}>
                    <Link to={`/admin/reports/${report.id}/`} className={own.body}>
                      {report.message || '(no message)'}
                    </Link>
                    <span className={styles.muted}>
                      {report.subject} · {report.object_type} {report.object_id} ·{' '}
                      {day(report.created_at)}
                    </span>
                    <span className={styles.chip}>{report.state.replace('_', ' ')}</span>
                  </li>
                ))}
              </ul>
            )}
          </PagedList>
        </Section>

        <Section title="Strikes" count={data.strikes.length}>
          {data.strikes.length === 0 ? (
            <p className={styles.muted}>No strikes.</p>
          ) : (
            <ul className={own.rows}>
              {data.strikes.map((strike) => (
                <li key={strike.id} className={own.row} data-strike={strike.id}>
                  <span className={own.body}>
                    {reasonLabel(strike.reason)}
                    {strike.note ? ` — ${strike.note}` : ''}
                  </span>
                  <span className={styles.muted}>
                    {day(strike.created_at)} by{' '}
                    {strike.by || (strike.dmca_notice_id ? 'DMCA notice' : '—')}
                    {strike.revoked_at ? ` · revoked by ${strike.revoked_by || '—'}` : ''}
                  </span>
                  {strike.revoked_at ? (
                    <span className={styles.chip}>revoked</span>
                  ) : canBan ? (
                    <button
                      type="button"
                      className={styles.button}
                      onClick={() => setDialog({ kind: 'revoke', strikeId: strike.id })}
                    >
                      Revoke…
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Bans" count={data.bans.length}>
          {data.bans.length === 0 ? (
            <p className={styles.muted}>Never banned.</p>
          ) : (
            <ul className={own.rows}>
              {data.bans.map((ban) => (
                <li key={ban.id} className={own.row}>
                  <span className={own.body}>
                    {reasonLabel(ban.reason)}
                    {ban.note ? ` — ${ban.note}` : ''}
                  </span>
                  <span className={styles.muted}>
                    {day(ban.created_at)} by {ban.by || 'the strikes'}
                    {ban.hide_content ? ' · content taken down' : ''}
                    {ban.lifted_at
                      ? ` · lifted ${day(ban.lifted_at)} by ${ban.lifted_by || '—'}`
                      : ''}
                  </span>
                  <span
                    className={ban.lifted_at ? styles.chip : `${styles.chip} ${styles.chipBad}`}
                  >
                    {ban.lifted_at ? 'lifted' : 'in force'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Statements of reasons" count={data.statements.length}>
          {data.statements.length === 0 ? (
            <p className={styles.muted}>None.</p>
          ) : (
            <ul className={own.rows}>
              {data.statements.map((statement) => (
                <li key={statement.id} className={own.row}>
                  <span className={own.body}>
                    {statement.decision} {statement.object_type}
                    {statement.object_type === 'video' ? ` ${statement.object_id}` : ''}:{' '}
                    {reasonLabel(statement.reason)}
                  </span>
                  <span className={styles.muted}>
                    {day(statement.created_at)}
                    {statement.by ? ` by ${statement.by}` : ''} ·{' '}
                    {statement.mailed ? 'mailed' : 'not mailed'}
                    {statement.appeal_state !== 'none' ? ` · appeal ${statement.appeal_state}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      {dialog?.kind === 'ban' ? (
        <MemberActDialog
          title={`Ban ${member.username}`}
          lead="They are signed out at once and cannot sign in again; their profile disappears. They get the reason by mail."
          confirmLabel="Ban"
          withReason
          hideContentChoice
          onSubmit={(f) =>
            act(
              banPath(id),
              { ...withReason(f), hide_content: f.hideContent ? '1' : '0' },
              `${name} is banned`,
            )
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'unban' ? (
        <MemberActDialog
          title={`Unban ${member.username}`}
          lead="They may sign in again, and what the ban took down comes back."
          confirmLabel="Unban"
          withReason={false}
          danger={false}
          onSubmit={(f) => act(unbanPath(id), { note: f.note }, `${name} is no longer banned`)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'strike' ? (
        <MemberActDialog
          title={`Give ${member.username} a strike`}
          lead={`They have ${data.strikes_in_force} in force; at ${data.strikes_to_ban} they are banned at once. They get the reason by mail.`}
          confirmLabel="Give strike"
          withReason
          onSubmit={async (f) => {
            const answer = await postForm<{ in_force: number; banned: boolean }>(
              strikesPath(id),
              withReason(f),
            );
            toast(
              'success',
              answer.banned
                ? `Strike given: ${name} reached ${answer.in_force} and is banned`
                : `Strike given: ${name} has ${answer.in_force} in force`,
            );
            await reread();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'comments' ? (
        <MemberActDialog
          title={`Remove all of ${member.username}’s comments`}
          lead={`The ${counts.comments} comments they show now leave every page. They get the reason by mail.`}
          confirmLabel="Remove comments"
          withReason
          onSubmit={async (f) => {
            const answer = await postForm<{ removed: number }>(
              removeCommentsPath(id),
              withReason(f),
            );
            toast('success', `${answer.removed} comments of ${name} removed`);
            await reread();
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <MemberActDialog
          title="Revoke this strike"
          lead="It no longer counts towards a ban (a ban in force stays until lifted)."
          confirmLabel="Revoke"
          withReason={false}
          danger={false}
          onSubmit={(f) =>
            act(revokeStrikePath(dialog.strikeId), { note: f.note }, 'Strike revoked')
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
