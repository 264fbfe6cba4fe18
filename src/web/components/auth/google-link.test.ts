import { describe, expect, it } from 'vitest';
import { googleBack } from './google-link.tsx';

describe('googleBack', () => {
  it('returns to the page the Login modal was opened on', () => {
    expect(googleBack('/videos/12/clip/', '?playlist=3')).toBe('/videos/12/clip/?playlist=3');
    expect(googleBack('/', '')).toBe('/');
  });

  it('returns from the account screens to the page that sent the visitor there', () => {
    expect(googleBack('/signin/', '?back=%2Fedit%2F')).toBe('/edit/');
    expect(googleBack('/signin/', '?google=sign_in_failed&back=%2Fmodels%2F')).toBe('/models/');
    expect(googleBack('/signup/', '')).toBe('/');
    expect(googleBack('/signin/', '?back=%2F%2Fevil.example')).toBe('/');
  });
});
