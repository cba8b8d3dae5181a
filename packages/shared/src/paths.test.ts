import { describe, expect, it } from 'vitest';
import { isKnownPath, matchPath, toPath } from './paths.ts';

describe('paths table', () => {
  it('builds links with encoded parameters', () => {
    expect(toPath('profileHome', { login: 'ann' })).toBe('/profile/ann/home');
    expect(toPath('commission', { uuid: 'a b' })).toBe('/commission/a%20b');
    expect(toPath('feed')).toBe('/feed');
  });

  it('knows the screens and their redirects, and nothing else', () => {
    for (const p of [
      '/',
      '/feed',
      '/feed/',
      '/profile/ann/home',
      '/profile/ann',
      '/crm/requests',
      '/crm/requests/tracking',
      '/crm/requests/tracking/incoming',
    ]) {
      expect(isKnownPath(p), p).toBe(true);
    }
    for (const p of [
      '/nope',
      '/feed/extra',
      '/profile',
      '/profile//home',
      '/crm/cards/x',
      '/crm/requests/tracking/x',
    ]) {
      expect(isKnownPath(p), p).toBe(false);
    }
  });

  it('names the screen a pathname opens, with its parameters', () => {
    expect(matchPath('/commission/abc')).toEqual({ name: 'commission', params: { uuid: 'abc' } });
    expect(matchPath('/post/12')).toEqual({ name: 'post', params: { id: '12' } });
    expect(matchPath('/hub')).toBeNull();
  });
});
