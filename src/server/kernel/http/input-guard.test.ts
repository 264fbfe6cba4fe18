import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../contracts/errors.ts';
import { findHostileInput, hostileInputError } from './input-guard.ts';

const request = (url: string, params: unknown = {}, body: unknown = undefined) =>
  ({ url, params, body }) as FastifyRequest;

describe('findHostileInput', () => {
  it('passes what people send', () => {
    expect(findHostileInput(request('/api/suggester.php?c=%E6%97%A5%E6%9C%AC+go'))).toBeUndefined();
    expect(
      findHostileInput(
        request('/api/stat.php', {}, { msg: 'line one\nline two 🍑', tags: ['a', 'b'], n: 3 }),
      ),
    ).toBeUndefined();
  });

  it('names the query field holding NUL, a control or an escape that is not UTF-8', () => {
    expect(findHostileInput(request('/api/x?a=1&c=ab%00c'))).toEqual({
      where: 'query',
      field: 'c',
    });
    expect(findHostileInput(request('/api/x?c=%1B'))).toEqual({ where: 'query', field: 'c' });
    expect(findHostileInput(request('/api/x?q=%FF'))).toEqual({ where: 'query', field: 'q' });
    expect(findHostileInput(request('/api/x?q=%ED%A0%80'))).toEqual({ where: 'query', field: 'q' });
  });

  it('names the path parameter', () => {
    expect(findHostileInput(request('/api/x', { file: '1\u0000.json' }))).toEqual({
      where: 'params',
      field: 'file',
    });
  });

  it('names the first body field at any depth, and refuses hostile keys', () => {
    expect(findHostileInput(request('/api/x', {}, { usr: 'a', pwd: 'b\u0000' }))).toEqual({
      where: 'body',
      field: 'pwd',
    });
    expect(findHostileInput(request('/api/x', {}, { list: [{ title: '\ud800' }] }))).toEqual({
      where: 'body',
      field: 'list.0.title',
    });
    expect(findHostileInput(request('/api/x', {}, { 'msg\u0000': 'x' }))).toEqual({
      where: 'body',
      field: 'msg',
    });
  });
});

describe('hostileInputError', () => {
  it('answers forms with per-field codes and other inputs with the field', () => {
    const form = hostileInputError({ where: 'body', field: 'msg' });
    expect(form).toBeInstanceOf(AppError);
    expect(form.toJSON()).toEqual({
      error: expect.any(String),
      code: 'invalid_characters',
      field: 'msg',
      codes: [{ field: 'msg', code: 'invalid_characters' }],
    });
    expect(hostileInputError({ where: 'query', field: 'c' }).toJSON()).toEqual({
      error: expect.any(String),
      code: 'invalid_characters',
      field: 'c',
    });
    expect(form.status).toBe(400);
  });
});
