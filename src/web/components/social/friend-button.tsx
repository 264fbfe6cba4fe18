import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastTitle } from '../../../contracts/format.ts';
import type { FriendState } from '../../../contracts/social.schema.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import buttons from '../subscribe/subscribe-button.module.css';
import { refreshSocial } from './refresh.ts';
import { useRelation } from './relation.ts';
import styles from './social.module.css';

// The friend and message buttons of another member's page (SPEC.md §1: friends, messages).
// One button follows the friendship: add, cancel one's request, accept theirs, or end it.
// A visitor gets the Login modal from either.

const LABEL: Record<FriendState, string> = {
  none: 'friends.add',
  sent: 'friends.cancel',
  received: 'friends.accept',
  friends: 'friends.remove',
};

export function MemberButtons({ memberId, name }: { memberId: number; name: string }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { openModal, toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const relation = useRelation({ type: 'member', objectId: String(memberId) });
  const [changed, setChanged] = useState<{ id: number; state: FriendState } | null>(null);
  const [busy, setBusy] = useState(false);
  const state: FriendState =
    changed?.id === memberId ? changed.state : (relation?.friend ?? 'none');

  async function toggle() {
    if (!user) {
      openModal('login');
      return;
    }
    if (busy) return;
    const section = state === 'none' || state === 'received' ? 'add' : 'rem';
    setBusy(true);
    try {
      const answer = await postForm<{ success: 1; friend?: 'sent' | 'friends' }>('/api/input.php', {
        act: 'friend',
        section,
        object_id: String(memberId),
      });
      const next: FriendState = section === 'add' ? (answer.friend ?? 'sent') : 'none';
      setChanged({ id: memberId, state: next });
      const key =
        next === 'sent'
          ? 'notify.request_sent'
          : next === 'friends'
            ? 'friends.accepted'
            : state === 'friends'
              ? 'friends.removed'
              : 'friends.cancelled';
      toast('success', t(key, { name: toastTitle(name) }));
      await refreshSocial(queryClient);
    } catch (error) {
      if (isApiError(error) && error.code === 'already_added') {
        toast('info', t('notify.already_friend'));
        await refreshSocial(queryClient);
        setChanged(null);
      } else {
        toastFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.buttons}>
      <button
        type="button"
        className={`${buttons.button} ${styles.friend}`}
        aria-pressed={state === 'friends' || state === 'sent'}
        aria-busy={busy || undefined}
        onClick={() => void toggle()}
      >
        {t(LABEL[state])}
      </button>
      {user ? (
        <Link to={`/messages/${memberId}/`} className={styles.secondary}>
          {t('messages.send')}
        </Link>
      ) : (
        <button type="button" className={styles.secondary} onClick={() => openModal('login')}>
          {t('messages.send')}
        </button>
      )}
      {state === 'friends' ? <span className={styles.badge}>{t('friends.areFriends')}</span> : null}
    </div>
  );
}
