import { describe, expect, it } from 'vitest';
import {
  type ConsoleKey,
  consoleKeyFor,
  isTyping,
  SEEK_JUMP_S,
  SEEK_STEP_S,
} from './console-keys.ts';

const press = (key: string, more: Partial<ConsoleKey> = {}): ConsoleKey => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'BODY',
  ...more,
});

describe('consoleKeyFor in the queue', () => {
  it('moves with j/k and the arrows, opens with Enter or o', () => {
    expect(consoleKeyFor('queue', press('j'))).toEqual({ type: 'move', by: 1 });
    expect(consoleKeyFor('queue', press('ArrowDown'))).toEqual({ type: 'move', by: 1 });
    expect(consoleKeyFor('queue', press('k'))).toEqual({ type: 'move', by: -1 });
    expect(consoleKeyFor('queue', press('ArrowUp'))).toEqual({ type: 'move', by: -1 });
    expect(consoleKeyFor('queue', press('Enter'))).toEqual({ type: 'open' });
    expect(consoleKeyFor('queue', press('o'))).toEqual({ type: 'open' });
    expect(consoleKeyFor('queue', press('/'))).toEqual({ type: 'search' });
    expect(consoleKeyFor('queue', press('?', { shiftKey: true }))).toEqual({ type: 'help' });
  });

  it('leaves Enter on a link or button to the browser, which activates it already', () => {
    expect(consoleKeyFor('queue', press('Enter', { targetTag: 'a' }))).toBeNull();
    expect(consoleKeyFor('queue', press('Enter', { targetTag: 'BUTTON' }))).toBeNull();
  });

  it('ignores keys typed into the search box, except Escape, which leaves it', () => {
    const field = { targetTag: 'INPUT', targetType: 'search' };
    expect(consoleKeyFor('queue', press('j', field))).toBeNull();
    expect(consoleKeyFor('queue', press('Enter', field))).toBeNull();
    expect(consoleKeyFor('queue', press('Escape', field))).toEqual({ type: 'cancel' });
  });

  it('has no review keys', () => {
    expect(consoleKeyFor('queue', press('a'))).toBeNull();
    expect(consoleKeyFor('queue', press(' '))).toBeNull();
  });
});

describe('consoleKeyFor on a video', () => {
  it('approves, rejects, goes next and back', () => {
    expect(consoleKeyFor('review', press('a'))).toEqual({ type: 'approve' });
    expect(consoleKeyFor('review', press('A', { shiftKey: true }))).toEqual({ type: 'approve' });
    expect(consoleKeyFor('review', press('r'))).toEqual({ type: 'reject' });
    expect(consoleKeyFor('review', press('e'))).toEqual({ type: 'edit' });
    expect(consoleKeyFor('review', press('n'))).toEqual({ type: 'next' });
    expect(consoleKeyFor('review', press('j'))).toEqual({ type: 'next' });
    expect(consoleKeyFor('review', press('p'))).toEqual({ type: 'previous' });
    expect(consoleKeyFor('review', press('k'))).toEqual({ type: 'previous' });
    expect(consoleKeyFor('review', press('?'))).toEqual({ type: 'help' });
  });

  it('plays, pauses and seeks 5 s, with Shift 30 s', () => {
    expect(consoleKeyFor('review', press(' '))).toEqual({ type: 'toggle-play' });
    // Space on a focused button plays too: the moderator just clicked a contact-sheet tile.
    expect(consoleKeyFor('review', press(' ', { targetTag: 'BUTTON' }))).toEqual({
      type: 'toggle-play',
    });
    expect(consoleKeyFor('review', press('ArrowLeft'))).toEqual({
      type: 'seek-by',
      seconds: -SEEK_STEP_S,
    });
    expect(consoleKeyFor('review', press('ArrowRight'))).toEqual({
      type: 'seek-by',
      seconds: SEEK_STEP_S,
    });
    expect(consoleKeyFor('review', press('ArrowLeft', { shiftKey: true }))).toEqual({
      type: 'seek-by',
      seconds: -SEEK_JUMP_S,
    });
    expect(consoleKeyFor('review', press('ArrowRight', { shiftKey: true }))).toEqual({
      type: 'seek-by',
      seconds: SEEK_JUMP_S,
    });
  });

  it('leaves the arrows to a slider that owns them (the player’s volume)', () => {
    expect(consoleKeyFor('review', press('ArrowLeft', { targetOwnsArrows: true }))).toBeNull();
    expect(consoleKeyFor('review', press('ArrowRight', { targetOwnsArrows: true }))).toBeNull();
    expect(consoleKeyFor('review', press('a', { targetOwnsArrows: true }))).toEqual({
      type: 'approve',
    });
  });

  it('leaves browser and system shortcuts alone', () => {
    expect(consoleKeyFor('review', press('r', { ctrlKey: true }))).toBeNull();
    expect(consoleKeyFor('review', press('a', { metaKey: true }))).toBeNull();
    expect(consoleKeyFor('review', press('ArrowLeft', { altKey: true }))).toBeNull();
  });

  it('ignores every key while the moderator types in a field', () => {
    for (const field of [
      { targetTag: 'INPUT', targetType: 'text' },
      { targetTag: 'input' },
      { targetTag: 'TEXTAREA' },
      { targetTag: 'SELECT' },
      { targetTag: 'DIV', targetEditable: true },
    ]) {
      for (const key of ['a', 'r', 'n', 'p', ' ', 'ArrowLeft', '?']) {
        expect(consoleKeyFor('review', press(key, field))).toBeNull();
      }
    }
    // A checkbox or a slider takes no typing.
    expect(
      consoleKeyFor('review', press('a', { targetTag: 'INPUT', targetType: 'checkbox' })),
    ).toEqual({ type: 'approve' });
  });
});

describe('consoleKeyFor in the reason picker', () => {
  it('picks reasons with 1 to 9 and 0 for the tenth', () => {
    expect(consoleKeyFor('reason', press('1'))).toEqual({ type: 'pick-reason', index: 0 });
    expect(consoleKeyFor('reason', press('9'))).toEqual({ type: 'pick-reason', index: 8 });
    expect(consoleKeyFor('reason', press('0'))).toEqual({ type: 'pick-reason', index: 9 });
  });

  it('confirms with Enter and cancels with Escape, also from the note', () => {
    const note = { targetTag: 'TEXTAREA' };
    expect(consoleKeyFor('reason', press('Enter'))).toEqual({ type: 'confirm' });
    expect(consoleKeyFor('reason', press('Enter', note))).toEqual({ type: 'confirm' });
    expect(consoleKeyFor('reason', press('Escape'))).toEqual({ type: 'cancel' });
    expect(consoleKeyFor('reason', press('Escape', note))).toEqual({ type: 'cancel' });
    // Shift+Enter is a new line of the note.
    expect(consoleKeyFor('reason', press('Enter', { ...note, shiftKey: true }))).toBeNull();
  });

  it('lets digits and letters be typed into the note, and does not approve from the picker', () => {
    const note = { targetTag: 'TEXTAREA' };
    expect(consoleKeyFor('reason', press('3', note))).toBeNull();
    expect(consoleKeyFor('reason', press('a'))).toBeNull();
    expect(consoleKeyFor('reason', press('r'))).toBeNull();
    expect(consoleKeyFor('reason', press(' '))).toBeNull();
  });
});

describe('consoleKeyFor over the help', () => {
  it('closes with Escape or ? and swallows nothing else', () => {
    expect(consoleKeyFor('help', press('Escape'))).toEqual({ type: 'cancel' });
    expect(consoleKeyFor('help', press('?'))).toEqual({ type: 'cancel' });
    expect(consoleKeyFor('help', press('a'))).toBeNull();
  });
});

describe('isTyping', () => {
  it('tells text fields from controls', () => {
    expect(isTyping({ targetTag: 'INPUT', targetType: 'search' })).toBe(true);
    expect(isTyping({ targetTag: 'INPUT', targetType: 'number' })).toBe(true);
    expect(isTyping({ targetTag: 'INPUT', targetType: 'radio' })).toBe(false);
    expect(isTyping({ targetTag: 'BUTTON' })).toBe(false);
    expect(isTyping({ targetTag: 'A' })).toBe(false);
  });
});
