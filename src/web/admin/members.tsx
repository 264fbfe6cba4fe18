import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ConsoleMember, ConsoleMembers } from '../../contracts/moderation.schema.ts';
import { postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { isMembersPath, type ListQuery, membersPath, trustedPath } from './console-paths.ts';
import {
  ConsolePager,
  ConsoleTitle,
  canManageMembers,
  EmptyState,
  ScreenHeader,
  SearchBox,
  useConsoleMe,
} from './console-ui.tsx';

// Members (decision 0043): search, pages, and for administrators the Trusted switch (a
// trusted uploader's videos skip the review queue). Moderators see the column read-only.

const STATUS_CHIP: Record<ConsoleMember['status'], string> = {
  active: styles.chip ?? '',
  unconfirmed: `${styles.chip} ${styles.chipWarn}`,
  banned: `${styles.chip} ${styles.chipBad}`,
};

function TrustedSwitch({ member }: { member: ConsoleMember }) {
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useOverlays();
  const [pending, setPending] = useState<boolean | null>(null);
  const shown = pending ?? member.trusted;
  const change = async (trusted: boolean) => {
    setPending(trusted);
    try {
      await postForm(trustedPath(member.id), { trusted: trusted ? '1' : '0' });
      toast(
        'success',
        trusted
          ? `${member.username} is trusted: their uploads publish without review`
          : `${member.username} is no longer trusted: their uploads wait for review`,
      );
      await queryClient.invalidateQueries({
        predicate: (query) => isMembersPath(String(query.queryKey[1] ?? '')),
      });
    } catch (error) {
      toastFailure(error);
    } finally {
      setPending(null);
    }
  };
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={shown}
        aria-checked={shown}
        disabled={pending !== null}
        onChange={(event) => void change(event.target.checked)}
        aria-label={`Trusted: ${member.username}`}
      />
      <span>{shown ? 'Trusted' : 'No'}</span>
    </label>
  );
}

export function MembersScreen({ query }: { query: ListQuery }) {
  const { data } = useSuspenseQuery(apiQuery<ConsoleMembers>(membersPath(query)));
  const me = useConsoleMe();
  const admin = canManageMembers(me);
  return (
    <>
      <ConsoleTitle title="Members" />
      <ScreenHeader title="Members" count={`${data.total}`}>
        <SearchBox label="Search members" placeholder="Username or email" />
      </ScreenHeader>
      {data.items.length === 0 ? (
        <EmptyState title={query.q ? `No member matches “${query.q}”` : 'No members yet'}>
          {query.q ? <Link to="/admin/members/">Show every member</Link> : null}
        </EmptyState>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Trusted</th>
              <th scope="col">Status</th>
              <th scope="col">Joined</th>
              <th scope="col">Uploads</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((member) => (
              <tr key={member.id} data-member={member.username}>
                <td data-label="Username">
                  <Link className={styles.tableLink} to={`/admin/members/${member.id}/`}>
                    {member.username}
                  </Link>
                </td>
                <td data-label="Email" className={styles.mono}>
                  {member.email}
                </td>
                <td data-label="Role">
                  {member.role === 'member' ? (
                    <span className={styles.muted}>member</span>
                  ) : (
                    <span className={styles.role}>{member.role}</span>
                  )}
                </td>
                <td data-label="Trusted">
                  {admin ? (
                    <TrustedSwitch member={member} />
                  ) : member.trusted ? (
                    <span className={`${styles.chip} ${styles.chipGood}`}>Trusted</span>
                  ) : (
                    <span className={styles.muted}>No</span>
                  )}
                </td>
                <td data-label="Status">
                  <span className={STATUS_CHIP[member.status]}>{member.status}</span>
                </td>
                <td data-label="Joined" className={styles.muted}>
                  {whenUtc(member.joined).slice(0, 10)}
                </td>
                <td data-label="Uploads">{member.uploads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
    </>
  );
}
