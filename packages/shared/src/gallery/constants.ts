/**
 * Galleries, folders, display cards and the artists list (SPEC §3, §4, §5, §9; decision 0017). Every
 * limit the schemas, forms, database and messages state is named here. Choices are explained in
 * docs/decisions/0017-galleries.md.
 */

/**
 * SPEC §2 FAQ privacy of an image and of a folder, strictest last: the database enum keeps this
 * order, so `greatest()` of two privacies is the stricter one.
 * - Public: listed in the main gallery, on the owner's page and where posted.
 * - Private: on the owner's page (and where posted), never in the main gallery.
 * - Hidden: an image only for its owner; a folder for its owner and its allowedUserList.
 */
export const PRIVACIES = ['Public', 'Private', 'Hidden'] as const;
export type Privacy = (typeof PRIVACIES)[number];

/** Tags one gallery image may carry (decision 0017). */
export const GALLERY_IMAGE_TAGS_MAX = 15;
/** An image's title, also its alternative text. */
export const GALLERY_IMAGE_TITLE_MAX = 120;

export const FOLDER_NAME_MAX = 64;
/** Levels of nesting: a top folder is level 1, its child level 2, … */
export const FOLDER_DEPTH_MAX = 4;
export const FOLDERS_PER_USER_MAX = 200;
/** People one Hidden folder may be shown to (its allowedUserList). */
export const FOLDER_ALLOWED_USERS_MAX = 50;
/** Images one folder may hold; a reorder names all of them. */
export const FOLDER_IMAGES_MAX = 500;
/** customIcon: one emoji or a short symbol shown before the folder's name. */
export const FOLDER_ICON_MAX = 8;

/** What happens to a deleted folder's images and child folders: kept (moved one level up) or deleted. */
export const FOLDER_DELETE_MODES = ['keep', 'delete'] as const;
export type FolderDeleteMode = (typeof FOLDER_DELETE_MODES)[number];

/** SPEC §5/§9 display card: exactly 3 media to be shown (up to 3 stored), 1 to 5 tags. */
export const DISPLAY_CARD_MEDIA = 3;
export const DISPLAY_CARD_TAGS_MIN = 1;
export const DISPLAY_CARD_TAGS_MAX = 5;

/** Rows of one page of /gallery and of /artists. */
export const GALLERY_PAGE_SIZE = 30;
export const ARTISTS_PAGE_SIZE = 20;
/** Tags one /artists or /gallery filter may name (each expands to its descendants). */
export const FILTER_TAGS_MAX = 5;
/** The name search of /artists. */
export const ARTIST_SEARCH_MAX = 64;

/** Tags a reader may hide or blur (decision 0017). */
export const HIDDEN_TAGS_MAX = 100;
export const HIDDEN_TAG_MODES = ['hide', 'blur'] as const;
export type HiddenTagMode = (typeof HIDDEN_TAG_MODES)[number];

/** Tag kinds (tag_usages.subject_kind) of this feature. */
export const GALLERY_IMAGE_TAG_KIND = 'galleryImage';
export const DISPLAY_CARD_TAG_KIND = 'displayCard';

/** The orders of /artists: newest activity first (default), or best average rating first. */
export const ARTISTS_SORTS = ['activity', 'rating'] as const;
export type ArtistsSort = (typeof ARTISTS_SORTS)[number];
