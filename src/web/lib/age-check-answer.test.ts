import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/client.ts';
import { ageCheckSent } from './age-check-answer.ts';

describe('the answer to a photo sent to the UK age check', () => {
  it('reads a pass and a check decided later', () => {
    expect(ageCheckSent({ success: 1 })).toBe('passed');
    expect(
      ageCheckSent({
        success: 0,
        pending: 1,
        state: 'pending',
        status_url: '/api/age_verification.php',
      }),
    ).toBe('pending');
  });

  it('takes any other body for a failure, not for "waiting"', () => {
    for (const body of [undefined, {}, { success: 0 }, { success: 0, pending: 1 }, 'ok']) {
      let thrown: unknown;
      try {
        ageCheckSent(body);
      } catch (error) {
        thrown = error;
      }
      expect(isApiError(thrown) && thrown.code).toBe('general_error');
    }
  });
});
