import { describe, expect, it } from 'vitest';
import { type SubscriptionState, subscriptionResult } from './subscription.ts';

const fresh: SubscriptionState = { subscribed: false, subscribers: undefined };

describe('subscriptionResult', () => {
  it('subscribes with the new count and a toast naming the kind of object', () => {
    expect(subscriptionResult(fresh, 'model', 'add', { ok: true, subscribers: 12 })).toEqual({
      state: { subscribed: true, subscribers: 12 },
      toast: { kind: 'success', key: 'notify.subscribed_model' },
    });
    expect(
      subscriptionResult(fresh, 'channel', 'add', { ok: true, subscribers: 1 }).toast?.key,
    ).toBe('notify.subscribed_channel');
    expect(
      subscriptionResult(fresh, 'member', 'add', { ok: true, subscribers: 1 }).toast?.key,
    ).toBe('notify.subscribed_user');
  });

  it('unsubscribes with the new count', () => {
    const subscribed = { subscribed: true, subscribers: 12 };
    expect(subscriptionResult(subscribed, 'channel', 'rem', { ok: true, subscribers: 11 })).toEqual(
      {
        state: { subscribed: false, subscribers: 11 },
        toast: { kind: 'success', key: 'notify.unsubscribed' },
      },
    );
  });

  it('learns from already_added that the member is subscribed, as a notice', () => {
    expect(subscriptionResult(fresh, 'model', 'add', { ok: false, code: 'already_added' })).toEqual(
      {
        state: { subscribed: true, subscribers: undefined },
        toast: { kind: 'info', key: 'notify.already_subscribed' },
      },
    );
  });

  it('leaves the state alone on any other failure, for the failure toast', () => {
    for (const code of ['subscribe_cant_subscribe_myself', 'need_auth', undefined] as const) {
      expect(subscriptionResult(fresh, 'member', 'add', { ok: false, code })).toEqual({
        state: fresh,
        toast: undefined,
      });
    }
    const subscribed = { subscribed: true, subscribers: 3 };
    expect(
      subscriptionResult(subscribed, 'model', 'rem', { ok: false, code: 'already_added' }),
    ).toEqual({ state: subscribed, toast: undefined });
  });
});
