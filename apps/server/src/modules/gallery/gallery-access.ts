import { sql, type SQL } from 'drizzle-orm';
import { GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import type { Actor } from '../../platform/session.ts';
import { carriesAnyInSql, descendantsOfSql, nsfwTagIdsSql } from '../tags/tag-usage.service.ts';

/**
 * Who may see what, written once as SQL conditions (issue 11 §1, the FAQ's rules; decision 0017).
 * Every list and every single read of images and folders puts these in its WHERE clause, so what a
 * reader may not see never leaves the database.
 *
 * - The owner sees everything of theirs.
 * - An image is Hidden for everyone else when its own privacy is Hidden.
 * - An image in a Hidden folder (its effective privacy Hidden, its own not) is seen by the people
 *   allowed into that folder or a folder above it.
 * - Public and Private are seen by anyone who looks at the owner's page; the main gallery lists
 *   only what is effectively Public.
 */

const viewerId = (actor: Actor | null) => actor?.id ?? null;

/** Whether a user is in the allowedUserList of a folder whose path is `path`. */
const allowedOnPath = (path: SQL, userId: string) =>
  sql`exists (select 1 from folder_allowed_users a where a.folder_id = any(${path}) and a.user_id = ${userId}::uuid)`;

/** SQL condition: the reader may open folder row `f` (an alias of folders). */
export function folderVisibleSql(actor: Actor | null, f = sql`f`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`${f}.effective_privacy <> 'Hidden'`;
  return sql`(${f}.owner_id = ${id}::uuid or ${f}.effective_privacy <> 'Hidden' or ${allowedOnPath(sql`${f}.path`, id)})`;
}

/** SQL condition: the reader may see gallery image row `gi` (an alias of gallery_images). */
export function imageVisibleSql(actor: Actor | null, gi = sql`gi`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`${gi}.effective_privacy <> 'Hidden'`;
  return sql`(${gi}.owner_id = ${id}::uuid or ${gi}.effective_privacy <> 'Hidden'
    or (${gi}.privacy <> 'Hidden' and exists (select 1 from folders fa where fa.id = ${gi}.folder_id
      and ${allowedOnPath(sql`fa.path`, id)})))`;
}

/**
 * SQL: the tag ids a reader never sees (issue 11 §6): the tags they hide and, unless they display
 * NSFW, every NSFW tag; each with all its descendants. Anonymous readers see SFW only.
 */
export function hiddenTagSetSql(actor: Actor | null): SQL {
  const roots: SQL[] = [];
  if (actor)
    roots.push(
      sql`select h.tag_id from hidden_tags h where h.user_id = ${actor.id}::uuid and h.mode = 'hide'`,
    );
  if (!actor?.displayNsfw) roots.push(nsfwTagIdsSql());
  if (roots.length === 0) return sql`select null::int as id where false`;
  return descendantsOfSql(sql.join(roots, sql` union `));
}

/** SQL: the tag ids a reader blurs, with their descendants (empty for anonymous readers). */
export function blurTagSetSql(actor: Actor | null): SQL {
  if (!actor) return sql`select null::int as id where false`;
  return descendantsOfSql(
    sql`select h.tag_id from hidden_tags h where h.user_id = ${actor.id}::uuid and h.mode = 'blur'`,
  );
}

/** SQL condition: image `gi` carries none of the reader's hidden tags. */
export const imageNotHiddenByTagsSql = (actor: Actor | null, gi = sql`gi`) =>
  sql`not ${carriesAnyInSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, hiddenTagSetSql(actor))}`;

/** SQL boolean: image `gi` carries a tag the reader blurs. */
export const imageBlurredSql = (actor: Actor | null, gi = sql`gi`) =>
  actor ? carriesAnyInSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, blurTagSetSql(actor)) : sql`false`;
