import { vi } from 'vitest';
import type { Post, PostPage } from '@brushline/shared/posts/schemas';
import type { Me } from '@brushline/shared/users/schemas';

/** A signed-in user as GET /api/sessioncheck answers it. */
export const me: Me = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  email: 'ann@example.test',
  roles: [],
  badges: [],
  isOnline: false,
  connectedSocials: [],
  userProfileStore: { profilePicture: null, bannerPicture: null },
  createdAt: '2026-01-02T03:04:05.000Z',
};

const bobId = '7a2d2a0f-2222-4222-8222-222222222222';

export function makePost(id: number, extra: Partial<Post> = {}): Post {
  return {
    id,
    ownerId: bobId,
    owner: { login: 'bob', displayName: 'Bob', avatarMiniatureUrl: null, badges: [] },
    postContent: `Post number ${id}`,
    attachedMedia: [],
    maturity: 'sfw',
    aiLabel: null,
    totalLikes: 0,
    likedByMe: false,
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    hiddenByStaff: null,
    ...extra,
  };
}

export const ownPost = (id: number, extra: Partial<Post> = {}) =>
  makePost(id, {
    ownerId: me.id,
    owner: { login: me.displayLogin, displayName: me.displayName, avatarMiniatureUrl: null, badges: [] },
    ...extra,
  });

export const pageOf = (items: Post[], nextCursor: number | null = null): PostPage => ({ items, nextCursor });

export const signedIn = () => ({ status: 200, body: me });

/**
 * Holds back the answers to one "METHOD /path" key until released, so a test can look at the
 * screen while the request is still in flight. Call after stubFetch.
 */
export function holdRequests(key: string) {
  const inner = globalThis.fetch;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    if (`${init?.method ?? 'GET'} ${new URL(href, 'http://localhost').pathname}` === key) await gate;
    return inner(input, init);
  });
  return () => release();
}

/** jsdom has no document.fonts; Mantine's autosizing textarea listens to it. */
export function stubDocumentFonts() {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
