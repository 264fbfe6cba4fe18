import { describe, expect, it } from 'vitest';
import { type KeyLike, SEEK_JUMP_S, SEEK_STEP_S, shortcutFor, VOLUME_STEP } from './shortcuts.ts';

const press = (key: string, over: Partial<KeyLike> = {}): KeyLike => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'DIV',
  ...over,
});

describe('shortcutFor', () => {
  it('maps the usual player keys', () => {
    expect(shortcutFor(press(' '))).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(press('k'))).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(press('ArrowLeft'))).toEqual({ type: 'seek-by', seconds: -SEEK_STEP_S });
    expect(shortcutFor(press('ArrowRight'))).toEqual({ type: 'seek-by', seconds: SEEK_STEP_S });
    expect(shortcutFor(press('j'))).toEqual({ type: 'seek-by', seconds: -SEEK_JUMP_S });
    expect(shortcutFor(press('l'))).toEqual({ type: 'seek-by', seconds: SEEK_JUMP_S });
    expect(shortcutFor(press('ArrowUp'))).toEqual({ type: 'volume-by', delta: VOLUME_STEP });
    expect(shortcutFor(press('ArrowDown'))).toEqual({ type: 'volume-by', delta: -VOLUME_STEP });
    expect(shortcutFor(press('m'))).toEqual({ type: 'toggle-mute' });
    expect(shortcutFor(press('f'))).toEqual({ type: 'toggle-fullscreen' });
    expect(shortcutFor(press('Home'))).toEqual({ type: 'seek-to-start' });
    expect(shortcutFor(press('End'))).toEqual({ type: 'seek-to-end' });
    expect([SEEK_STEP_S, SEEK_JUMP_S, VOLUME_STEP]).toEqual([5, 10, 0.05]);
  });

  it('takes letters in either case (Caps Lock, Shift)', () => {
    expect(shortcutFor(press('K'))).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(press('M'))).toEqual({ type: 'toggle-mute' });
    expect(shortcutFor(press('F'))).toEqual({ type: 'toggle-fullscreen' });
  });

  it('jumps to tenths of the video with the digits', () => {
    expect(shortcutFor(press('0'))).toEqual({ type: 'seek-to-fraction', fraction: 0 });
    expect(shortcutFor(press('5'))).toEqual({ type: 'seek-to-fraction', fraction: 0.5 });
    expect(shortcutFor(press('9'))).toEqual({ type: 'seek-to-fraction', fraction: 0.9 });
  });

  it('leaves other keys alone', () => {
    for (const key of ['a', 'Enter', 'Tab', 'Escape', 'PageUp', '+', 'F5', 'Shift']) {
      expect(shortcutFor(press(key)), key).toBeNull();
    }
  });

  it('leaves browser and system shortcuts alone', () => {
    expect(shortcutFor(press('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('l', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('ArrowLeft', { altKey: true }))).toBeNull();
  });

  it('never takes keys typed into a field or a select', () => {
    for (const over of [
      { targetTag: 'INPUT' },
      { targetTag: 'input', targetType: 'text' },
      { targetTag: 'INPUT', targetType: 'search' },
      { targetTag: 'INPUT', targetType: 'number' },
      { targetTag: 'TEXTAREA' },
      { targetTag: 'SELECT' },
      { targetTag: 'DIV', targetEditable: true },
    ]) {
      for (const key of [' ', 'k', 'ArrowLeft', 'ArrowUp', 'm', '5', 'Home']) {
        expect(shortcutFor(press(key, over)), `${key} in ${JSON.stringify(over)}`).toBeNull();
      }
    }
  });

  it('lets Space activate a focused button or link, while the letters still work there', () => {
    expect(shortcutFor(press(' ', { targetTag: 'BUTTON' }))).toBeNull();
    expect(shortcutFor(press(' ', { targetTag: 'A' }))).toBeNull();
    expect(shortcutFor(press('k', { targetTag: 'BUTTON' }))).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(press('ArrowRight', { targetTag: 'BUTTON' }))).toEqual({
      type: 'seek-by',
      seconds: SEEK_STEP_S,
    });
  });

  it('drives the seek bar (a range input) with the player keys, Space included', () => {
    const seekBar = { targetTag: 'INPUT', targetType: 'range' };
    expect(shortcutFor(press(' ', seekBar))).toEqual({ type: 'toggle-play' });
    expect(shortcutFor(press('ArrowLeft', seekBar))).toEqual({
      type: 'seek-by',
      seconds: -SEEK_STEP_S,
    });
    expect(shortcutFor(press('End', seekBar))).toEqual({ type: 'seek-to-end' });
  });

  it('leaves the arrows, Home and End to a slider that owns them (volume)', () => {
    const volume = { targetTag: 'INPUT', targetType: 'range', targetOwnsArrows: true };
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
      expect(shortcutFor(press(key, volume)), key).toBeNull();
    }
    expect(shortcutFor(press('m', volume))).toEqual({ type: 'toggle-mute' });
    expect(shortcutFor(press(' ', volume))).toEqual({ type: 'toggle-play' });
  });
});
