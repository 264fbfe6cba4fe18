import { useState } from 'react';
import { toastTitle } from '../../../contracts/format.ts';
import type { SubscriptionType } from '../../../contracts/input.rules.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { useRelation } from '../social/relation.ts';
import { type SubscriptionState, subscriptionResult } from './subscription.ts';

// Subscribing to a channel, model or member (SPEC.md §1, §6: members only, never oneself)
// through input.php `act=subscribe`. A visitor gets the Login modal. A member's button starts
// from their relation to the object (relation.php), then follows their clicks. The state
// belongs to one object: another object on the same page component starts over.

export interface SubscribeTarget {
  type: SubscriptionType;
  objectId: string;
}

const FRESH: SubscriptionState = { subscribed: false, subscribers: undefined };

export function useSubscription(target: SubscribeTarget | undefined, name: string) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { openModal, toast, toastFailure } = useOverlays();
  const key = target ? `${target.type}:${target.objectId}` : '';
  // Nothing stored until the member clicks: until then the relation read tells.
  const [stored, setStored] = useState({ key: '', ...FRESH });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const relation = useRelation(target);
  const state: SubscriptionState =
    stored.key === key
      ? stored
      : { subscribed: relation?.subscribed ?? false, subscribers: undefined };

  async function toggle() {
    if (!target || busyKey === key) return;
    if (!user) {
      openModal('login');
      return;
    }
    const section = state.subscribed ? 'rem' : 'add';
    setBusyKey(key);
    let result: ReturnType<typeof subscriptionResult>;
    let failure: unknown;
    try {
      const answer = await postForm<{ success: 1; subscribers: number }>('/api/input.php', {
        act: 'subscribe',
        section,
        type: target.type,
        object_id: target.objectId,
      });
      result = subscriptionResult(state, target.type, section, {
        ok: true,
        subscribers: answer.subscribers,
      });
    } catch (error) {
      failure = error;
      result = subscriptionResult(state, target.type, section, {
        ok: false,
        code: isApiError(error) ? error.code : undefined,
      });
    }
    setBusyKey(null);
    setStored({ key, ...result.state });
    if (result.toast) toast(result.toast.kind, t(result.toast.key, { name: toastTitle(name) }));
    else toastFailure(failure);
  }

  return {
    subscribed: state.subscribed,
    subscribers: state.subscribers,
    busy: busyKey === key,
    toggle,
  };
}
