import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './flow-state.ts';

describe('afterLoginPath', () => {
  it('goes back where the user came from, on this site', () => {
    expect(afterLoginPath('/crm/outgoing/orders', 'ann')).toBe('/crm/outgoing/orders');
    expect(afterLoginPath('/feed?x=1', 'ann')).toBe('/feed?x=1');
  });

  it('goes to the profile from the sign-in screens, other sites or nowhere', () => {
    for (const from of [
      '/login',
      '/register/verify',
      '/reset/change',
      '//evil.example',
      'https://x.example',
      null,
    ]) {
      expect(afterLoginPath(from, 'ann'), String(from)).toBe('/profile/ann/home');
    }
  });
});
