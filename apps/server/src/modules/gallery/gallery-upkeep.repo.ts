import { sql } from 'drizzle-orm';
import { DISPLAY_CARD_MEDIA, DISPLAY_CARD_TAG_KIND } from '@brushline/shared/gallery/constants';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What is stored because it is computed (decision 0017), recomputed for one owner inside the
 * transaction of every change that can move it: folder paths (top → folder), effective privacies
 * (the strictest on the path, then greatest of an image's own and its folder's), and the display
 * card's isShown (SPEC §4). A user's gallery is small (hundreds of rows), so the whole owner is
 * recomputed instead of tracking which rows a change touched: one rule, no missed case.
 */
export async function recomputeGallery(db: DbOrTx, ownerId: string): Promise<void> {
  await db.execute(sql`
    with recursive t(id, path) as (
      select id, array[id] from folders where owner_id = ${ownerId}::uuid and parent_id is null
      union all
      select f.id, t.path || f.id from folders f join t on f.parent_id = t.id
    )
    update folders f set path = t.path from t where f.id = t.id and f.path is distinct from t.path`);
  await db.execute(sql`
    update folders f set effective_privacy = x.p
    from (select f2.id, (select max(p.privacy) from folders p where p.id = any(f2.path)) as p
          from folders f2 where f2.owner_id = ${ownerId}::uuid) x
    where f.id = x.id and f.effective_privacy is distinct from x.p`);
  await db.execute(sql`
    update gallery_images gi set effective_privacy = x.p
    from (select g2.id, greatest(g2.privacy,
            coalesce((select f.effective_privacy from folders f where f.id = g2.folder_id), 'Public')) as p
          from gallery_images g2 where g2.owner_id = ${ownerId}::uuid) x
    where gi.id = x.id and gi.effective_privacy is distinct from x.p`);
  await refreshDisplayCard(db, ownerId);
}

/** SPEC §4's first condition, for the display card `d`: it carries at least one live tag. */
const hasLiveTagSql = sql`exists (select 1 from tag_usages u join tags t on t.id = u.tag_id and t.deleted_at is null
    where u.subject_kind = ${DISPLAY_CARD_TAG_KIND} and u.subject_id = d.id::text)`;

/**
 * SPEC §4: a display card is shown only with at least 1 tag, exactly 3 media (the owner's gallery
 * images, none effectively Hidden) and at least 1 open commission card of its owner. Called by
 * every change to those: the card itself, gallery images and folders, commission cards.
 * `touch` moves the card up the artists list (newest activity first).
 */
export async function refreshDisplayCard(
  db: DbOrTx,
  ownerId: string,
  opts: { touch?: boolean } = {},
): Promise<void> {
  await db.execute(sql`
    update display_cards d set
      is_shown = (
        ${hasLiveTagSql}
        and cardinality(d.media_ids) = ${DISPLAY_CARD_MEDIA}
        and (select count(*) from gallery_images gi where gi.id = any(d.media_ids)
             and gi.owner_id = d.owner_id and gi.effective_privacy <> 'Hidden') = ${DISPLAY_CARD_MEDIA}
        and exists (select 1 from commission_cards c where c.owner_id = d.owner_id and c.is_open_comission)
      )
      ${opts.touch ? sql`, activity_at = now()` : sql``}
    where d.owner_id = ${ownerId}::uuid`);
}

/** After a tag is deleted: cards that carried it may have lost their last tag. */
export async function refreshDisplayCardsWithoutTags(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update display_cards d set is_shown = false
    where d.is_shown and not ${hasLiveTagSql}`);
}
