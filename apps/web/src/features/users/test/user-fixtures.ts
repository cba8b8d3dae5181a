import type { Reputation } from '@brushline/shared/reviews/schemas';
import type { Me, SocialLink, User } from '@brushline/shared/users/schemas';

/** A signed-in user as GET /api/sessioncheck answers it. */
export const annMe: Me = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  email: 'ann@example.test',
  roles: ['artist'],
  badges: ['artist'],
  isOnline: false,
  connectedSocials: [],
  userProfileStore: { profilePicture: null, bannerPicture: null },
  createdAt: '2026-01-02T03:04:05.000Z',
};

export const publicUser = (me: Me, extra: Partial<User> = {}): User => {
  const { email, ...user } = me;
  void email;
  return { ...user, ...extra };
};

export const link = (id: number, title: string, url: string, svgIcon: SocialLink['svgIcon'] = null) => ({
  id,
  title,
  url,
  svgIcon,
});

/** A record as GET reputation/{login} answers it: a newcomer on both sides unless `asArtist` / `asBuyer` say. */
export const reputationFixture = (
  asArtist: Partial<Reputation['asArtist']> = {},
  asBuyer: Partial<Reputation['asBuyer']> = {},
): Reputation => ({
  asArtist: { rating: null, ordersDone: 0, onTimeShare: null, medianAnswerHours: null, ...asArtist },
  asBuyer: { rating: null, ordersDone: 0, ...asBuyer },
});
