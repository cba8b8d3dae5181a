import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshDisplayCard } from './display-card-shown.repo.ts';

/** Locks the owner's gallery for one change, so two writes never interleave their recomputation. */
export async function lockOwnerGallery(db: DbOrTx, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('gallery'), hashtext(${ownerId}))`);
}

/**
 * What is stored because it is computed (decision 0017), recomputed for one owner inside the
 * transaction of every change that can move it: folder paths (top → folder), effective privacies
 * (the strictest on the path, then greatest of an image's own and its folder's), and the display
 * card's isShown (SPEC §4, display-card-shown.repo.ts). A user's gallery is small (hundreds of
 * rows), so the whole owner is recomputed instead of tracking which rows a change touched: one
 * rule, no missed case.
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
