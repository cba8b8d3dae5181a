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
