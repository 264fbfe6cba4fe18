import { describe, expect, it } from 'vitest';
import { safeBack } from '../../contracts/safe-back.ts';
import { legacyRedirect, trailingSlashRedirect } from './pages.ts';

describe('legacyRedirect', () => {
  it('sends the old video URL forms to /videos/{id}/{dir}/', () => {
    expect(legacyRedirect('/video/123/red-sunset/')).toBe('/videos/123/red-sunset/');
    expect(legacyRedirect('/video/123/red-sunset')).toBe('/videos/123/red-sunset/');
    expect(legacyRedirect('/video/123/')).toBe('/videos/123/');
    expect(legacyRedirect('/video-16574965/')).toBe('/videos/16574965/');
    expect(legacyRedirect('/video-42?playlist=7')).toBe('/videos/42/?playlist=7');
  });

  it('sends the old model tab forms to the model page', () => {
    expect(legacyRedirect('/models/anna-bell/videos')).toBe('/model/anna-bell/videos/1/');
    expect(legacyRedirect('/models/anna-bell/videos/')).toBe('/model/anna-bell/videos/1/');
    expect(legacyRedirect('/models/anna-bell/wall/')).toBe('/model/anna-bell/wall/');
  });

  it('leaves current and unrelated paths alone', () => {
    expect(legacyRedirect('/videos/123/red-sunset/')).toBeUndefined();
    expect(legacyRedirect('/models/most-popular/2/')).toBeUndefined();
    expect(legacyRedirect('/video-abc/')).toBeUndefined();
    expect(legacyRedirect('/video/12/../../etc/')).toBeUndefined();
    expect(legacyRedirect('//video-1/')).toBeUndefined();
  });
});

describe('trailingSlashRedirect', () => {
  it('adds the slash, keeps the query and never leaves the host', () => {
    expect(trailingSlashRedirect('/categories?x=1')).toBe('/categories/?x=1');
    expect(trailingSlashRedirect('//evil')).toBe('/evil/');
    expect(trailingSlashRedirect('/favicon.svg')).toBeUndefined();
    expect(trailingSlashRedirect('/videos/')).toBeUndefined();
  });
});

describe('safeBack', () => {
  it('only returns same-site paths', () => {
    expect(safeBack('/models/')).toBe('/models/');
    expect(safeBack('//evil.example/')).toBe('/');
    expect(safeBack('https://evil.example/')).toBe('/');
    expect(safeBack('/\\evil')).toBe('/');
  });
});
