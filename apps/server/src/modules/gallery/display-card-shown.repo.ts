import { sql, type SQL } from 'drizzle-orm';
import { DISPLAY_CARD_MEDIA, DISPLAY_CARD_TAG_KIND } from '@brushline/shared/gallery/constants';
import type { DbOrTx } from '../../db/client.ts';
import {
  displayCardConditions,
  type DisplayCardCondition,
  type DisplayCardRuleFacts,
} from './display-card-shown.rules.ts';

/**
 * SPEC §4's rule in SQL, over the display card `d`: each condition of display-card-shown.rules.ts by
 * name. The stored `is_shown` is all of them (refreshDisplayCard), and the owner's read of a card
 * answers each (displayCardRuleSql), so what the card says is missing is what kept it hidden.
 */

/** SQL: how many of card `d`'s display images are its owner's gallery images not effectively Hidden. */
const showableImagesSql = sql`(select count(*) from gallery_images gi where gi.id = any(d.media_ids)
    and gi.owner_id = d.owner_id and gi.effective_privacy <> 'Hidden')`;

const conditionSql: Record<DisplayCardCondition, SQL> = {
  /** At least one live tag (DISPLAY_CARD_TAGS_MIN is 1). */
  tagged: sql`exists (select 1 from tag_usages u join tags t on t.id = u.tag_id and t.deleted_at is null
    where u.subject_kind = ${DISPLAY_CARD_TAG_KIND} and u.subject_id = d.id::text)`,
  /** Exactly DISPLAY_CARD_MEDIA display images, each the owner's gallery image and not effectively Hidden. */
  threeShowableImages: sql`(cardinality(d.media_ids) = ${DISPLAY_CARD_MEDIA}
    and ${showableImagesSql} = ${DISPLAY_CARD_MEDIA})`,
  /** At least one open commission card of the owner. */
  openCommissionCard: sql`exists (select 1 from commission_cards c
    where c.owner_id = d.owner_id and c.is_open_comission)`,
};

/** SQL boolean: card `d` meets every condition. */
const shownSql = sql.join(
  displayCardConditions.map((c) => conditionSql[c.name]),
  sql` and `,
);

/** SQL column (JSON, DisplayCardRuleFacts once parsed by toRuleFacts): each condition's answer for card `d`. */
export const displayCardRuleSql = sql`json_build_object('met', json_build_object(${sql.join(
  displayCardConditions.map((c) => sql`${c.name}::text, ${conditionSql[c.name]}`),
  sql`, `,
)}), 'showableImages', ${showableImagesSql})`;

/** The rule column as the drivers return it (json, or text in case one does not parse it). */
export function toRuleFacts(v: unknown): DisplayCardRuleFacts {
  const facts = (typeof v === 'string' ? JSON.parse(v) : v) as DisplayCardRuleFacts;
  return { met: facts.met, showableImages: Number(facts.showableImages) };
}

/**
 * Stores SPEC §4's rule in the owner's card. Called by every change to what it reads: the card
 * itself, gallery images and folders (recomputeGallery), commission cards. `touch` moves the card
 * up the artists list (newest activity first).
 */
export async function refreshDisplayCard(
  db: DbOrTx,
  ownerId: string,
  opts: { touch?: boolean } = {},
): Promise<void> {
  await db.execute(sql`
    update display_cards d set
      is_shown = (${shownSql})
      ${opts.touch ? sql`, activity_at = now()` : sql``}
    where d.owner_id = ${ownerId}::uuid`);
}

/** After a tag is deleted: cards that carried it may have lost their last tag. */
export async function refreshDisplayCardsWithoutTags(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update display_cards d set is_shown = false
    where d.is_shown and not ${conditionSql.tagged}`);
}
