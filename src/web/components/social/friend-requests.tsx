import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastTitle } from '../../../contracts/format.ts';
import type { FriendRequestsResponse, MemberRef } from '../../../contracts/social.schema.ts';
import { postForm } from '../../api/client.ts';
import { apiQuery } from '../../api/query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { refreshSocial } from './refresh.ts';
import styles from './social.module.css';

// The friend requests on the member's own friends tab: theirs to accept or decline, the
// member's own to cancel. Private, so read in the browser only.

export const FRIEND_REQUESTS_PATH = '/api/friend_requests.php';

export function FriendRequests() {
  const { t } = useTranslation();
  const { data } = useQuery({
    ...apiQuery<FriendRequestsResponse>(FRIEND_REQUESTS_PATH),
    staleTime: 0,
  });
  if (!data || data.incoming.length + data.outgoing.length === 0) return null;
  return (
    <section className={styles.requests} aria-labelledby="friend-requests">
      <h2 id="friend-requests" className={styles.heading}>
        {t('friends.requests')}
      </h2>
      {data.incoming.length > 0 ? (
        <ul className={styles.requestList} aria-label={t('friends.incoming')}>
          {data.incoming.map((member) => (
            <RequestRow key={member.user_id} member={member} incoming />
          ))}
        </ul>
      ) : null}
      {data.outgoing.length > 0 ? (
        <>
          <h3 className={styles.subheading}>{t('friends.outgoing')}</h3>
          <ul className={styles.requestList} aria-label={t('friends.outgoing')}>
            {data.outgoing.map((member) => (
              <RequestRow key={member.user_id} member={member} incoming={false} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function RequestRow({ member, incoming }: { member: MemberRef; incoming: boolean }) {
  const { t } = useTranslation();
  const { toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = toastTitle(member.username);

  async function answer(section: 'add' | 'rem') {
    setBusy(true);
    try {
      await postForm('/api/input.php', { act: 'friend', section, object_id: member.user_id });
      const key =
        section === 'add'
          ? 'friends.accepted'
          : incoming
            ? 'friends.declined'
            : 'friends.cancelled';
      toast('success', t(key, { name }));
      await refreshSocial(queryClient);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={styles.request}>
      <img src={member.avatar || '/placeholder.svg'} alt="" width={40} height={40} />
      <Link to={`/members/${member.user_id}/`}>{member.username}</Link>
      <span className={styles.requestButtons}>
        {incoming ? (
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => void answer('add')}
            aria-label={t('friends.acceptFrom', { name: member.username })}
          >
            {t('friends.acceptShort')}
          </button>
        ) : null}
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void answer('rem')}
          aria-label={t(incoming ? 'friends.declineFrom' : 'friends.cancelTo', {
            name: member.username,
          })}
        >
          {t(incoming ? 'friends.decline' : 'friends.cancelShort')}
        </button>
      </span>
    </li>
  );
}
