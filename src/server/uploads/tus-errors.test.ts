import { describe, expect, it } from 'vitest';
import { failure } from '../../contracts/errors.ts';
import { tusErrorAnswer } from './tus-errors.ts';

// tus's plain-text refusals become the SPEC.md §8 shape; their status is kept, because tus
// clients decide by it whether to retry or to start a new upload.

const answer = (error: unknown) => {
  const { status_code, body } = tusErrorAnswer(error);
  return { status: status_code, body: JSON.parse(body) as unknown };
};

describe('tusErrorAnswer', () => {
  it.each([
    [404, 'The file for this url was not found\n', 'not_found'],
    [410, 'The file for this url no longer exists\n', 'not_found'],
    [413, 'Maximum size exceeded\n', 'video_size_limit'],
    [409, 'Upload-Offset conflict\n', 'bad_request'],
    [403, 'Content-Type header required\n', 'bad_request'],
    [500, 'Something went wrong receiving the file\n', 'video_upload_error'],
  ])('answers tus %i as %s with the same status', (status, text, code) => {
    const { status: kept, body } = answer({ status_code: status, body: text });
    expect(kept).toBe(status);
    expect(body).toMatchObject({ code, field: 'file', error: expect.any(String) });
  });

  it('names the limit of a size refusal and the status of a server failure', () => {
    expect(answer({ status_code: 413, body: '' }).body).toMatchObject({
      info: { max: 10 * 1024 ** 3 },
    });
    expect(answer({ status_code: 503, body: '' }).body).toMatchObject({ info: { code: 503 } });
  });

  it('answers a thrown Error (no status) as a server failure', () => {
    expect(answer(new Error('ENOSPC: no space left on device'))).toEqual({
      status: 500,
      body: failure('video_upload_error', { field: 'file', info: { code: 500 } }),
    });
    expect(answer({ status_code: 99, body: 'odd' }).status).toBe(500);
  });

  it('keeps a refusal that is already ours', () => {
    const ours = JSON.stringify(failure('need_auth'));
    expect(tusErrorAnswer({ status_code: 401, body: ours })).toEqual({
      status_code: 401,
      body: ours,
    });
  });
});
