import { describe, expect, it } from 'vitest';
import { checkReport, parseReportObject, REPORT_LIMITS, reportMessage } from './report.rules.ts';

const good = {
  subject: 'support',
  email: 'visitor@mail.test',
  message: 'Hello',
  referrer: '',
  object_type: '',
  object_id: '',
};

describe('the contact form rules', () => {
  it('takes a good form and names every failing field', () => {
    expect(checkReport(good)).toEqual([]);
    expect(
      checkReport({ ...good, subject: '', email: '', message: ' ', object_type: 'video' }),
    ).toEqual([
      { field: 'subject', code: 'required' },
      { field: 'email', code: 'required' },
      { field: 'message', code: 'required' },
      { field: 'object_id', code: 'invalid_params' },
    ]);
    expect(checkReport({ ...good, subject: 'other', email: 'a@b' })).toEqual([
      { field: 'subject', code: 'invalid_params' },
      { field: 'email', code: 'email_invalid' },
    ]);
  });

  it('counts a line break as one character, as the textarea does', () => {
    const full = `${'a'.repeat(REPORT_LIMITS.messageMax - 2)}\r\nb`;
    expect(reportMessage(full)).toHaveLength(REPORT_LIMITS.messageMax);
    expect(checkReport({ ...good, message: full })).toEqual([]);
    expect(checkReport({ ...good, message: `${full}c` })).toEqual([
      { field: 'message', code: 'max_length' },
    ]);
    expect(reportMessage(' one\r\ntwo\rthree \n')).toBe('one\ntwo\nthree');
  });

  it('reads the object only when both halves name one', () => {
    expect(parseReportObject('', '')).toBeNull();
    expect(parseReportObject('comment', '42')).toEqual({ type: 'comment', id: 42 });
    for (const [type, id] of [
      ['video', ''],
      ['', '5'],
      ['planet', '5'],
      ['video', '0'],
      ['video', '05'],
      ['video', '-5'],
      ['video', '2147483648'],
      ['video', '1.5'],
    ]) {
      expect(parseReportObject(type ?? '', id ?? ''), `${type} ${id}`).toBeUndefined();
    }
  });
});
