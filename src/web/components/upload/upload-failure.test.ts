import { describe, expect, it } from 'vitest';
import { allMessages } from '../../../../tests/support/messages.ts';
import { LANGUAGES } from '../../../contracts/constants.ts';
import { failure } from '../../../contracts/errors.ts';
import { ApiError } from '../../api/client.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { callFailure, failureText, tusFailure, type UploadFailure } from './upload-failure.ts';

// Upload refusals keep the server's code, whichever way they came (issue 14): the member
// reads "too short", "corrupted" or "already on the site", never "Error [network]" unless
// no answer came at all.

// The upload screen's words: all of them (it loads the account part, which brings the rest).
const i18n = (lang: string) => createI18n(lang as (typeof LANGUAGES)[number], allMessages(lang));
const en = i18n('en');

/** A tus-js-client error as it reaches onError: the request and the server's answer, if any. */
function tusError(answer: { status: number; body: string } | null): Error {
  const response = answer
    ? { getStatus: () => answer.status, getBody: () => answer.body, getHeader: () => undefined }
    : null;
  return Object.assign(new Error('tus: unexpected response while uploading chunk'), {
    originalRequest: { getMethod: () => 'PATCH' },
    originalResponse: response,
    causingError: null,
  });
}

const json = (code: Parameters<typeof failure>[0], extra: Parameters<typeof failure>[1] = {}) =>
  JSON.stringify(failure(code, extra));

describe('tusFailure', () => {
  it('is a network failure only when no answer came', () => {
    const lost = tusFailure(tusError(null));
    expect(lost).toEqual({
      code: 'video_upload_error',
      info: { code: 'network' },
      network: true,
      retry: true,
    });
    expect(failureText(en.t, lost)).toBe(
      'Network error: the connection to the site was lost. What was sent is kept: try again to go on from there.',
    );
  });

  it('keeps the refusal the server answered, with its numbers', () => {
    const refused = tusFailure(
      tusError({ status: 400, body: json('video_bad_filename', { field: 'file' }) }),
    );
    expect(refused).toEqual({ code: 'video_bad_filename', retry: false });
    expect(failureText(en.t, refused)).toBe(
      'The file name may contain only latin letters and digits',
    );
    const pending = tusFailure(
      tusError({ status: 429, body: json('rate_limited', { field: 'file', info: { max: 3 } }) }),
    );
    expect(pending).toEqual({ code: 'rate_limited', info: { max: 3 }, retry: true });
    expect(failureText(en.t, pending)).toMatch(/^You already have 3 uploads in progress/);
    const hourly = tusFailure(tusError({ status: 429, body: json('rate_limited') }));
    expect(failureText(en.t, hourly)).toBe('Too many requests. Try again later.');
  });

  it('reads what a plain answer (tus text, a proxy page) says by its status', () => {
    const plain = (status: number) => tusFailure(tusError({ status, body: 'Plain text\n' }));
    expect(plain(413)).toEqual({ code: 'video_size_limit', retry: false });
    expect(plain(401)).toEqual({ code: 'need_auth', retry: false });
    // Gone from the server: resuming makes tus start the file anew.
    expect(plain(404)).toEqual({ code: 'not_found', retry: true });
    expect(plain(410)).toEqual({ code: 'not_found', retry: true });
    expect(plain(502)).toEqual({ code: 'video_upload_error', info: { code: 502 }, retry: true });
    expect(plain(400)).toEqual({ code: 'video_upload_error', info: { code: 400 }, retry: false });
    expect(failureText(en.t, plain(502))).toBe(
      'Error [502] uploading video to the site, please contact support',
    );
  });

  it('gives a server failure without a code of its own the status as its code', () => {
    const failed = tusFailure(tusError({ status: 500, body: json('video_upload_error') }));
    expect(failed).toEqual({ code: 'video_upload_error', info: { code: 500 }, retry: true });
  });
});

describe('callFailure (video_edit.php, video_status.php)', () => {
  it('keeps the look’s refusals: too short, corrupted, already on the site', () => {
    const short = callFailure(
      new ApiError(400, failure('video_too_short', { field: 'file', info: { min: 6 } })),
    );
    expect(short).toEqual({ code: 'video_too_short', info: { min: 6 }, retry: false });
    expect(failureText(en.t, short)).toBe('The video is too short: at least 6 minutes');
    const broken = callFailure(new ApiError(400, failure('video_corrupted_file')));
    expect(failureText(en.t, broken)).toBe('The video file is corrupted or is not a video');
    const duplicate = callFailure(new ApiError(400, failure('video_duplicate')));
    expect(failureText(en.t, duplicate)).toBe('This video has already been uploaded to the site.');
  });

  it('is a network failure when the call got no answer', () => {
    const lost: UploadFailure = callFailure(new ApiError(0, failure('general_error')));
    expect(lost.network).toBe(true);
    expect(callFailure(new TypeError('Failed to fetch')).network).toBe(true);
  });

  it('lets a passing trouble be tried again, and a refusal not', () => {
    expect(callFailure(new ApiError(503, failure('unavailable'))).retry).toBe(true);
    expect(callFailure(new ApiError(500, failure('general_error'))).retry).toBe(true);
    expect(callFailure(new ApiError(404, failure('not_found'))).retry).toBe(false);
    expect(callFailure(new ApiError(403, failure('no_permission'))).retry).toBe(false);
    const stored = callFailure(new ApiError(500, failure('video_upload_error')));
    expect(stored).toEqual({ code: 'video_upload_error', info: { code: 500 }, retry: true });
  });
});

describe('failureText', () => {
  it('says every refusal of SPEC.md §8 in every language, never the English or a fallback', () => {
    const codes = [
      'video_bad_filename',
      'video_corrupted_file',
      'video_duplicate',
      'video_size_limit',
      'video_too_short',
      'need_select_screenshot',
      'screen_upload_error',
      'min_max_cats',
    ] as const;
    for (const lang of LANGUAGES) {
      const { t } = i18n(lang);
      const general = t('errors.general_error');
      for (const code of codes) {
        const text = failureText(t, { code, info: { min: 6, max: 3 }, retry: false });
        expect(text, `${lang} ${code}`).not.toBe(general);
        expect(text, `${lang} ${code}`).not.toMatch(/\{\{|errors\./);
      }
      const network = failureText(t, { code: 'video_upload_error', network: true, retry: true });
      expect(network, lang).not.toMatch(/contact|\{\{|upload\./);
    }
  });
});
