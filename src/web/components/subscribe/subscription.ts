import type { ErrorCode } from '../../../contracts/errors.ts';
import type { SubscriptionType } from '../../../contracts/input.rules.ts';

// What a subscribe or unsubscribe call leaves behind (SPEC.md §4, §8 "subscribed (channel,
// model, user)"). The button starts from relation.php; should that be out of date (another
// tab), the server's `already_added` tells, and is shown as a notice rather than an error.

export interface SubscriptionState {
  subscribed: boolean;
  /** The subscriber count the last answer gave; undefined before any. */
  subscribers: number | undefined;
}

export type SubscribeOutcome =
  | { ok: true; subscribers: number }
  | { ok: false; code: ErrorCode | undefined };

export interface SubscriptionResult {
  state: SubscriptionState;
  /** The toast to show; undefined: show the failure itself. */
  toast: { kind: 'success' | 'info'; key: string } | undefined;
}

const SUBSCRIBED_KEY: Record<SubscriptionType, string> = {
  channel: 'notify.subscribed_channel',
  model: 'notify.subscribed_model',
  member: 'notify.subscribed_user',
};

export function subscriptionResult(
  state: SubscriptionState,
  type: SubscriptionType,
  section: 'add' | 'rem',
  outcome: SubscribeOutcome,
): SubscriptionResult {
  if (outcome.ok) {
    return {
      state: { subscribed: section === 'add', subscribers: outcome.subscribers },
      toast: {
        kind: 'success',
        key: section === 'add' ? SUBSCRIBED_KEY[type] : 'notify.unsubscribed',
      },
    };
  }
  if (section === 'add' && outcome.code === 'already_added') {
    return {
      state: { ...state, subscribed: true },
      toast: { kind: 'info', key: 'notify.already_subscribed' },
    };
  }
  return { state, toast: undefined };
}
