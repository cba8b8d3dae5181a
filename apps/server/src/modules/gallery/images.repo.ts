import { sql, type SQL } from 'drizzle-orm';
import type { AiLabel } from '@brushline/shared/ai/constants';
import { GALLERY_IMAGE_TAG_KIND, type Privacy } from '@brushline/shared/gallery/constants';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import {
  hidesAny,
  imageBlurredSql,
  imageNotHiddenByTagsSql,
  imageVisibleSql,
  ownerByKeySql,
  readerTagSets,
  type ReaderTagSets,
  type TagSetsArg,
  uuidArrayLiteral,
  type Viewer,
} from './gallery-access.repo.ts';

/**
 * Queries of gallery images (decision 0017). Every read takes the reader and puts the rules of
 * gallery-access.repo.ts in its WHERE clause; writes are plain and run inside the service's transaction.
 * Raw SQL with the short aliases `gi`, `m`, `u` the access conditions name. Folders: folders.repo.ts.
 */

export type ImageRow = {
  id: string;
  ownerId: string;
  ownerLogin: string;
  ownerDisplayName: string;
  ownerAvatarId: string | null;
  folderId: string | null;
  title: string;
  privacy: Privacy;
  effectivePrivacy: Privacy;
  position: number;
  createdAt: string;
  /** The keyset of the main gallery: created_at in full precision, as text. */
  cursorTs: string;
  width: number;
  height: number;
  mime: string;
  blurred: boolean;
  aiLabel: AiLabel | null;
  /** Why staff hid it; null while it is not hidden (only its owner is shown it then). */
  hiddenReason: string | null;
  /** The image's tags, when the query asked for them (`withTags`). */
  tags?: TagRef[];
};

const imageColumns = (sets: TagSetsArg) => sql`
  gi.id, gi.owner_id as "ownerId", u.login as "ownerLogin", u.display_name as "ownerDisplayName",
  (select am.id from media am where am.id = u.avatar_media_id and am.owner_id = u.id) as "ownerAvatarId",
  gi.folder_id as "folderId", gi.title, gi.privacy::text as privacy,
  gi.effective_privacy::text as "effectivePrivacy", gi.position,
  to_char(gi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(gi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTs",
  m.width, m.height, m.mime, ${imageBlurredSql(sets)} as blurred,
  gi.ai_label::text as "aiLabel", gi.hidden_reason as "hiddenReason"`;

/** SQL: the live tags image `gi` carries, by title, as a JSON array of TagRef. */
const imageTagsJsonSql = sql`(select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title,
    'tagType', t.tag_type, 'maturity', t.maturity) order by t.title), '[]'::json)
  from tag_usages tu join tags t on t.id = tu.tag_id
  where tu.subject_kind = ${GALLERY_IMAGE_TAG_KIND} and tu.subject_id = gi.id::text and t.deleted_at is null)`;

/**
 * The query of visibleImages: the reader and their tag sets may be placeholders (a Shaped statement, db/client.ts),
 * and `where` and `order` name only `gi`.
 */
export function visibleImagesSql(
  actor: Viewer,
  sets: TagSetsArg,
  where: SQL,
  order: SQL,
  limit?: number,
  /** Also each image's tags (a JSON column), read in the same statement. */
  withTags = false,
): SQL {
  const notHidden = !hidesAny(sets)
    ? sql`true`
    : actor
      ? sql`(gi.owner_id = ${actor.id}::uuid or ${imageNotHiddenByTagsSql(sets)})`
      : imageNotHiddenByTagsSql(sets);
  // The rows first (a materialized CTE, planned alone): `where` and `order` name only `gi`, so an
  // ordered index with per-row probes stops after `limit`; then media and owner for those rows,
  // each by its primary key (`offset 0` keeps them per-row lookups, as ownerByKeySql says).
  return sql`
    with page as materialized (
      select gi.* from gallery_images gi
      where ${where} and ${imageVisibleSql(actor)} and ${notHidden}
      order by ${order}
      ${limit === undefined ? sql`` : sql`limit ${limit}`})
    select ${imageColumns(sets)}${withTags ? sql`, ${imageTagsJsonSql} as tags` : sql``}
    from page gi
      cross join lateral (select m.width, m.height, m.mime from media m where m.id = gi.id offset 0) m
      ${ownerByKeySql(sql`gi.owner_id`)}
    order by ${order}`;
}

/** An image row as the drivers return it, with its numbers as numbers. */
export const toImageRow = (r: ImageRow): ImageRow => ({
  ...r,
  position: Number(r.position),
  width: Number(r.width),
  height: Number(r.height),
  ...(r.tags === undefined
    ? {}
    : {
        tags: (typeof r.tags === 'string' ? (JSON.parse(r.tags) as TagRef[]) : r.tags).map((t) => ({
          ...t,
          id: Number(t.id),
        })),
      }),
});

/**
 * Gallery images the reader may see, matching `where`: their own privacy and folders decide, and
 * someone else's images carrying a tag the reader hides (or NSFW they do not display) are left out.
 */
export async function visibleImages(
  db: DbOrTx,
  actor: Actor | null,
  where: SQL,
  order: SQL,
  limit?: number,
  /** The reader's tag sets when the caller has them already. */
  known?: ReaderTagSets,
): Promise<ImageRow[]> {
  const sets = known ?? (await readerTagSets(db, actor));
  const result = await db.execute<ImageRow>(visibleImagesSql(actor, sets, where, order, limit));
  return result.rows.map(toImageRow);
}

/** The order of images inside a folder (and of a gallery's images outside folders). */
const imageOrder = sql`gi.position, gi.created_at desc, gi.id`;

/** One gallery image, when the reader may see it. */
export async function visibleImageById(
  db: DbOrTx,
  actor: Actor | null,
  id: string,
): Promise<ImageRow | undefined> {
  const [row] = await visibleImages(db, actor, sql`gi.id = ${id}::uuid`, sql`gi.id`);
  return row;
}

/** The owner's gallery images the reader may see, in folder order. */
export const visibleImagesOfOwner = (db: DbOrTx, actor: Actor | null, ownerId: string) =>
  visibleImages(db, actor, sql`gi.owner_id = ${ownerId}::uuid`, imageOrder);

/** The images the reader may see in a folder, in its order. */
export const visibleImagesInFolder = (db: DbOrTx, actor: Actor | null, folderId: string) =>
  visibleImages(db, actor, sql`gi.folder_id = ${folderId}::uuid`, imageOrder);

/** The images the reader may see in any of `folderIds`, in folder order. */
export const visibleImagesInFolders = (db: DbOrTx, actor: Actor | null, folderIds: readonly string[]) =>
  visibleImages(db, actor, sql`gi.folder_id = any(${uuidArrayLiteral(folderIds)}::uuid[])`, imageOrder);

/** The images the reader may see in the folders directly inside `folderId`, in folder order. */
export const visibleImagesInChildrenOf = (db: DbOrTx, actor: Actor | null, folderId: string) =>
  visibleImages(
    db,
    actor,
    sql`gi.folder_id in (select c.id from folders c where c.parent_id = ${folderId}::uuid)`,
    imageOrder,
  );

export async function countImagesIn(db: DbOrTx, folderId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from gallery_images where folder_id = ${folderId}::uuid`,
  );
  return Number(r.rows[0]!.n);
}

/** Ids of the images in a folder. */
export async function imageIdsIn(db: DbOrTx, folderId: string): Promise<string[]> {
  const r = await db.execute<{ id: string }>(
    sql`select id from gallery_images where folder_id = ${folderId}::uuid`,
  );
  return r.rows.map((row) => row.id);
}

/** Images in the order of `ids` (positions 0, 1, …). */
export async function setImagePositions(db: DbOrTx, ids: readonly string[]) {
  for (const [position, imageId] of ids.entries()) {
    await db.execute(sql`update gallery_images set position = ${position} where id = ${imageId}::uuid`);
  }
}

/** Whether the media is placed in a gallery already. */
export async function isGalleryImage(db: DbOrTx, id: string): Promise<boolean> {
  const r = await db.execute(sql`select id from gallery_images where id = ${id}::uuid`);
  return r.rows.length > 0;
}

export async function insertGalleryImage(
  db: DbOrTx,
  i: {
    id: string;
    ownerId: string;
    folderId: string | null;
    title: string;
    privacy: Privacy;
    position: number;
    aiLabel: AiLabel | null;
  },
) {
  await db.execute(sql`
    insert into gallery_images (id, owner_id, folder_id, title, privacy, position, ai_label)
    values (${i.id}::uuid, ${i.ownerId}::uuid, ${i.folderId}::uuid, ${i.title}, ${i.privacy}, ${i.position},
      ${i.aiLabel}::ai_label)`);
}

/** The owner's image by id (its folder), for writes; undefined when it is not theirs or missing. */
export async function ownImage(
  db: DbOrTx,
  ownerId: string,
  id: string,
): Promise<{ folderId: string | null } | undefined> {
  const r = await db.execute<{ folderId: string | null }>(
    sql`select folder_id as "folderId" from gallery_images where id = ${id}::uuid and owner_id = ${ownerId}::uuid`,
  );
  return r.rows[0];
}

/** Moves an image into `folderId` (null: out of folders), at `position` there. */
export async function moveImage(db: DbOrTx, id: string, folderId: string | null, position: number) {
  await db.execute(
    sql`update gallery_images set folder_id = ${folderId}::uuid, position = ${position} where id = ${id}::uuid`,
  );
}

/** Sets the image's title, privacy and AI label; an undefined one stays (a null label removes it). */
export async function updateImageRow(
  db: DbOrTx,
  id: string,
  i: { title?: string; privacy?: Privacy; aiLabel?: AiLabel | null },
) {
  await db.execute(sql`
    update gallery_images set
      title = coalesce(${i.title ?? null}, title),
      privacy = coalesce(${i.privacy ?? null}::gallery_privacy, privacy),
      ai_label = case when ${i.aiLabel !== undefined} then ${i.aiLabel ?? null}::ai_label else ai_label end
    where id = ${id}::uuid`);
}

/** Which of the owner's images a deletion takes: one image, or every image in a folder and the folders inside it. */
export type ImageSelection = { imageId: string } | { folderTree: string };

/** The owner's images of `which`, with the storage keys of their files. */
export async function imagesToDelete(
  db: DbOrTx,
  ownerId: string,
  which: ImageSelection,
): Promise<{ id: string; storageKey: string; miniatureKey: string }[]> {
  const where =
    'imageId' in which
      ? sql`gi.id = ${which.imageId}::uuid`
      : sql`gi.folder_id in (select f.id from folders f where ${which.folderTree}::uuid = any(f.path))`;
  const r = await db.execute<{ id: string; storageKey: string; miniatureKey: string }>(sql`
    select gi.id, m.storage_key as "storageKey", m.miniature_key as "miniatureKey"
    from gallery_images gi join media m on m.id = gi.id
    where gi.owner_id = ${ownerId}::uuid and ${where}`);
  return r.rows;
}

/** Deletes a media row (its gallery image goes with it). */
export async function deleteMediaRow(db: DbOrTx, id: string) {
  await db.execute(sql`delete from media where id = ${id}::uuid`);
}

/** Nothing left out by tags or labels: how an image's owner (and staff acting for a report) reads it. */
const SEES_ALL: ReaderTagSets = { hideNsfw: false, hide: [], blur: [], hideAi: false };

/** One image as its owner sees it (hidden by staff or not, any privacy): staff reading a reported image. */
export async function imageAsOwnerSees(db: DbOrTx, id: string): Promise<ImageRow | undefined> {
  const owner = await db.execute<{ ownerId: string }>(
    sql`select owner_id as "ownerId" from gallery_images where id = ${id}::uuid`,
  );
  const ownerId = owner.rows[0]?.ownerId;
  if (!ownerId) return undefined;
  const r = await db.execute<ImageRow>(
    visibleImagesSql({ id: ownerId }, SEES_ALL, sql`gi.id = ${id}::uuid`, sql`gi.id`),
  );
  return r.rows.map(toImageRow)[0];
}

/** Staff hide an image (with the reason its owner reads) or show it again (null); false when there is none. */
export async function setImageHidden(db: DbOrTx, id: string, reason: string | null): Promise<boolean> {
  const r = await db.execute<{ id: string }>(sql`
    update gallery_images set hidden_at = case when ${reason}::text is null then null else now() end,
      hidden_reason = ${reason}::text
    where id = ${id}::uuid returning id`);
  return r.rows.length > 0;
}
