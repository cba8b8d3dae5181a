import { aiLabelSchema } from '../ai/schemas.ts';
import { z } from 'zod';
import { mediaSchema } from '../media/schemas.ts';
import { tagRefSchema, tagTitleSchema } from '../tags/schemas.ts';
import { singleLineText, text } from '../text.ts';
import { loginLookupSchema, personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import {
  FOLDER_ALLOWED_USERS_MAX,
  FOLDER_DELETE_MODES,
  FOLDER_ICON_MAX,
  FOLDER_IMAGES_MAX,
  FOLDER_NAME_MAX,
  FOLDERS_PER_USER_MAX,
  GALLERY_IMAGE_TAGS_MAX,
  GALLERY_IMAGE_TITLE_MAX,
  PRIVACIES,
} from './constants.ts';
import { galleryMessages } from './messages.ts';

export const privacySchema = z.enum(PRIVACIES);

const folderNameSchema = singleLineText(galleryMessages.folderNameCharacters, {
  error: galleryMessages.folderNameRequired,
})
  .trim()
  .min(1, { error: galleryMessages.folderNameRequired })
  .max(FOLDER_NAME_MAX, { error: galleryMessages.folderNameTooLong });

const folderIconSchema = singleLineText(galleryMessages.folderNameCharacters)
  .trim()
  .max(FOLDER_ICON_MAX, { error: galleryMessages.folderIconTooLong });

const allowedUsersSchema = z
  .array(loginLookupSchema)
  .max(FOLDER_ALLOWED_USERS_MAX, { error: galleryMessages.tooManyAllowed });

/** POST folder/create. `parentId` null makes a top folder. */
export const folderCreateBodySchema = z.object({
  folderName: folderNameSchema,
  privacy: privacySchema.default('Public'),
  parentId: uuidSchema.nullable().default(null),
  /** Logins who may open the folder while it is Hidden. */
  allowedUserList: allowedUsersSchema.default([]),
  customIcon: folderIconSchema.default(''),
});
export type FolderCreateBody = z.infer<typeof folderCreateBodySchema>;
export type FolderCreateBodyInput = z.input<typeof folderCreateBodySchema>;

/** PATCH folder/update/{id}: only what is sent changes; `parentId` moves the folder (null: to the top). */
export const folderUpdateBodySchema = z.object({
  folderName: folderNameSchema.optional(),
  privacy: privacySchema.optional(),
  parentId: uuidSchema.nullable().optional(),
  allowedUserList: allowedUsersSchema.optional(),
  customIcon: folderIconSchema.optional(),
});
export type FolderUpdateBody = z.infer<typeof folderUpdateBodySchema>;

/** DELETE folder/delete/{id}?images=keep|delete: keep moves images and child folders one level up. */
export const folderDeleteQuerySchema = z.object({
  images: z.enum(FOLDER_DELETE_MODES, { error: 'Say what happens to the images: keep or delete' }),
});

/** PATCH folder/order/{id}: every image of the folder, in its new order. */
export const folderOrderBodySchema = z.object({
  mediaFiles: z.array(uuidSchema).max(FOLDER_IMAGES_MAX, { error: galleryMessages.folderFull }),
});
export type FolderOrderBody = z.infer<typeof folderOrderBodySchema>;

/** PATCH folders/order: every folder directly in `parentId` (null: the top of the gallery), in its new order. */
export const foldersOrderBodySchema = z.object({
  parentId: uuidSchema.nullable(),
  childFolders: z.array(uuidSchema).max(FOLDERS_PER_USER_MAX, { error: galleryMessages.tooManyFolders }),
});
export type FoldersOrderBody = z.infer<typeof foldersOrderBodySchema>;
export const foldersOrderSavedSchema = z.object({ childFolders: z.array(uuidSchema), message: z.string() });

export const idParamsSchema = z.object({ id: uuidSchema });
export const loginParamsSchema = z.object({ login: loginLookupSchema });

const imageTitleSchema = singleLineText(galleryMessages.imageTitleCharacters)
  .trim()
  .max(GALLERY_IMAGE_TITLE_MAX, { error: galleryMessages.imageTitleTooLong });
const imageTagsSchema = z
  .array(tagTitleSchema)
  .max(GALLERY_IMAGE_TAGS_MAX, { error: galleryMessages.imageTooManyTags });

/** POST gallery/image: an upload (POST /api/media?purpose=gallery) placed in the gallery. */
export const galleryImageCreateBodySchema = z.object({
  mediaId: uuidSchema,
  folderId: uuidSchema.nullable().default(null),
  privacy: privacySchema.default('Public'),
  title: imageTitleSchema.default(''),
  tags: imageTagsSchema.default([]),
  aiLabel: aiLabelSchema.default(null),
});
export type GalleryImageCreateBody = z.infer<typeof galleryImageCreateBodySchema>;
export type GalleryImageCreateBodyInput = z.input<typeof galleryImageCreateBodySchema>;

/** PATCH gallery/image/{id}: only what is sent changes; `folderId` moves it (null: out of folders). */
export const galleryImageUpdateBodySchema = z.object({
  folderId: uuidSchema.nullable().optional(),
  privacy: privacySchema.optional(),
  title: imageTitleSchema.optional(),
  tags: imageTagsSchema.optional(),
  aiLabel: aiLabelSchema.optional(),
});
export type GalleryImageUpdateBody = z.infer<typeof galleryImageUpdateBodySchema>;

/** A gallery image as lists show it. `blurred`: it carries a tag the reader blurs. */
export const galleryImageSchema = z.object({
  id: uuidSchema,
  media: mediaSchema,
  title: z.string(),
  privacy: privacySchema,
  /** What the image is shown as after its folders: the strictest of its own and theirs. */
  effectivePrivacy: privacySchema,
  folderId: uuidSchema.nullable(),
  tags: z.array(tagRefSchema),
  owner: personSchema,
  blurred: z.boolean(),
  aiLabel: aiLabelSchema,
  /** Why staff hid the image (only its owner and staff are shown it); null otherwise. */
  hiddenByStaff: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** SPEC §3 Folder. allowedUserList is shown to the owner only (others get []). */
export const folderSchema = z.object({
  id: uuidSchema,
  folderName: z.string(),
  privacy: privacySchema,
  effectivePrivacy: privacySchema,
  ownerID: uuidSchema,
  parentId: uuidSchema.nullable(),
  allowedUserList: z.array(z.string()),
  customIcon: z.string(),
  /** Images of the folder this reader may see, in the folder's order (ids). */
  mediaFiles: z.array(uuidSchema),
  /** Child folders this reader may open (ids), in order. */
  childFolders: z.array(uuidSchema),
  /** A picture for the folder: its first image this reader may see. */
  cover: mediaSchema.nullable(),
});
export type Folder = z.infer<typeof folderSchema>;

/** GET folders/user/{login}: every folder this reader may open, and images outside folders. */
export const userFoldersSchema = z.object({
  owner: personSchema,
  folders: z.array(folderSchema),
  /** Images of the owner in no folder that this reader may see. */
  unsorted: z.array(galleryImageSchema),
  /** Every image of the owner this reader may see, folders included (the display card editor picks from them). */
  images: z.array(galleryImageSchema),
});
export type UserFolders = z.infer<typeof userFoldersSchema>;

/** GET folder/{id}: the folder, its visible child folders and its visible images in order. */
export const folderContentSchema = z.object({
  folder: folderSchema,
  owner: personSchema,
  children: z.array(folderSchema),
  images: z.array(galleryImageSchema),
  /** Top first, this folder last: the way up for a breadcrumb. */
  path: z.array(z.object({ id: uuidSchema, folderName: z.string() })),
});
export type FolderContent = z.infer<typeof folderContentSchema>;

export const folderSavedSchema = z.object({ folder: folderSchema, message: z.string() });
export const imageSavedSchema = z.object({ image: galleryImageSchema, message: z.string() });
export const galleryMessageSchema = z.object({ message: z.string() });

/** Free text of a search box (a tag title is checked when it is looked up). */
export const searchText = (max: number, error: string) => text().trim().max(max, { error });
