import { describe, expect, it } from 'vitest';
import {
  firstWords,
  reasonLabel,
  resolveLabel,
  senderOf,
  stateLabel,
  subjectLabel,
  takedownProblem,
} from './report-format.ts';

describe('report wordings', () => {
  it('cut a long message at a word, on one line', () => {
    expect(firstWords('Short  one.\nSecond line')).toBe('Short one. Second line');
    const long = `${'word '.repeat(40)}end`;
    const cut = firstWords(long, 30);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(31);
    expect(cut).toBe('word word word word word word…');
    // One long word is cut where it must be.
    expect(firstWords('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('name the sender by account when there is one', () => {
    expect(senderOf({ email: 'a@b.test', reporter: null })).toBe('a@b.test');
    expect(senderOf({ email: 'a@b.test', reporter: { id: 3, username: 'eve' } })).toBe('eve');
  });

  it('read known codes in words and unknown ones as themselves', () => {
    expect(subjectLabel('dmca')).toBe('DMCA / copyright');
    expect(subjectLabel('later')).toBe('later');
    expect(stateLabel('in_progress')).toBe('In progress');
    expect(reasonLabel('spam')).toBe('Spam or advertising');
    expect(reasonLabel('legacy')).toBe('legacy');
  });
});

describe('takedownProblem', () => {
  it('tells a video already down, gone, or a missing note in the dialog', () => {
    expect(takedownProblem({ code: 'already_added', field: 'object_id' })).toBe(
      'This video is already taken down.',
    );
    expect(takedownProblem({ code: 'not_found', field: 'object_id' })).toBe(
      'This video no longer exists.',
    );
    expect(takedownProblem({ code: 'required', field: 'note' })).toBe(
      'Write a note for this reason.',
    );
    expect(takedownProblem({ code: 'max_length', field: 'note' })).toBe('The note is too long.');
  });

  it('leaves other failures to the server’s own words', () => {
    expect(takedownProblem({ code: 'already_added', field: 'object_id' }, 'comment')).toBe(
      'This comment is already taken down.',
    );
    expect(takedownProblem({ code: 'not_found', field: 'object_id' }, 'album')).toBe(
      'This album no longer exists.',
    );
    expect(takedownProblem({ code: 'general_error' })).toBeUndefined();
    expect(takedownProblem({ code: 'forbidden' })).toBeUndefined();
  });
});

describe('resolveLabel', () => {
  it('names this report and the other open ones about the video', () => {
    expect(resolveLabel(4, 0)).toBe('Mark report #4 resolved');
    expect(resolveLabel(4, 1)).toBe('Mark report #4 and the other open report about it resolved');
    expect(resolveLabel(4, 3)).toBe(
      'Mark report #4 and the 3 other open reports about it resolved',
    );
    expect(resolveLabel(null, 2)).toBe('Mark the 2 other open reports about it resolved');
  });
});
