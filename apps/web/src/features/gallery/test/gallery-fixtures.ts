import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import type { Folder } from '@brushline/shared/gallery/schemas';

/** An empty top-level Public folder as the API answers it; `over` changes what a test needs. */
export const folderFixture = (
  over: Partial<Folder> & Pick<Folder, 'id' | 'folderName' | 'ownerID'>,
): Folder => ({
  privacy: 'Public',
  effectivePrivacy: 'Public',
  parentId: null,
  allowedUserList: [],
  customIcon: '',
  mediaFiles: [],
  childFolders: [],
  cover: null,
  ...over,
});

/**
 * A shown display card of artist number `n` (login `artist<n>`) as GET artists answers it: three
 * pictures, one tag, an open card from $20, no reviews yet; `over` changes what a test needs.
 */
export const displayCardFixture = (n: number, over: Partial<DisplayCard> = {}): DisplayCard => {
  const hex = String(n).padStart(2, '0');
  return {
    id: `00000000-0000-4000-8000-0000000003${hex}`,
    tags: [{ id: 1, title: 'watercolor', tagType: 'General', maturity: 'SFW' }],
    displayMedia: [1, 2, 3].map((i) => ({
      id: `00000000-0000-4000-8000-00000000${hex}0${i}`,
      url: `/f${n}-${i}.webp`,
      miniatureUrl: `/m${n}-${i}.webp`,
      width: 800,
      height: 600,
      mime: 'image/webp',
      purpose: 'gallery',
    })),
    isShown: true,
    notShownReasons: [],
    owner: {
      id: `00000000-0000-4000-8000-0000000004${hex}`,
      login: `artist${n}`,
      displayName: `Artist ${n}`,
      avatarMiniatureUrl: null,
    },
    startingPrice: 20,
    takingCommissions: true,
    blurred: false,
    activityAt: '2026-01-02T00:00:00.000Z',
    rating: null,
    ...over,
  };
};
