import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountExports } from '../../db/schema/account.ts';
import { boards } from '../../db/schema/board.ts';
import { commissionCards } from '../../db/schema/cards.ts';
import { chatBlocks } from '../../db/schema/chat.ts';
import { emailPreferences, emailQueue } from '../../db/schema/email.ts';
import {
  displayCards,
  folderAllowedUsers,
  folders,
  galleryImages,
  hiddenTags,
} from '../../db/schema/gallery.ts';
import { media } from '../../db/schema/media.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { postLikes, posts } from '../../db/schema/posts.ts';
import { applications, requests } from '../../db/schema/requests.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { socialLinks } from '../../db/schema/socials.ts';
import { passwordResets } from '../../db/schema/auth.ts';
import { sessions, userRoles, users } from '../../db/schema/users.ts';

/**
 * Where a person's data lives (decision 0024). The account module is the one place that knows
 * every table holding someone's rows: the export reads them all and the deletion removes or
 * anonymises them in one transaction, as a privacy request needs; every other module still
 * reaches the others through their services.
 */

/**
 * Every table whose rows point at a person (a foreign key to users), and what their deletion does
 * to the person's rows there: `deleted` (theirs alone), `kept` (the other side's copy, the wiki's
 * history, staff records: their name then reads "Deleted user"), `some` (deleted except what
 * another person keeps; the comment says which). account-data-map.test.ts holds this list to the
 * schema, so a new table cannot be forgotten here.
 */
export const PERSONAL_TABLES = {
  users: 'kept', // the row itself, anonymised
  user_roles: 'deleted',
  sessions: 'deleted',
  password_resets: 'deleted',
  account_exports: 'deleted',
  social_links: 'deleted',
  posts: 'deleted',
  post_likes: 'deleted',
  media: 'some', // all but order references, deliveries and chat files
  commission_cards: 'deleted',
  commission_forms: 'kept',
  order_updates: 'kept',
  order_update_comments: 'kept',
  money_events: 'kept',
  invoice_counters: 'kept', // the artist's invoice numbers of kept orders
  stripe_accounts: 'deleted', // the artist's link to their Stripe account (Stripe keeps the account)
  requests: 'deleted',
  request_applications: 'some', // all but those that became orders
  reviews: 'some', // those they wrote; those about them stay with the orders
  boards: 'deleted',
  chat_rooms: 'kept',
  chat_members: 'kept',
  chat_messages: 'kept',
  chat_blocks: 'deleted',
  email_preferences: 'deleted',
  email_queue: 'deleted',
  notifications: 'some', // theirs; others' that name them as the actor stay
  folders: 'deleted',
  folder_allowed_users: 'deleted',
  gallery_images: 'deleted',
  display_cards: 'deleted',
  hidden_tags: 'deleted',
  tags: 'kept',
  tag_history: 'kept',
  moderation_cases: 'kept',
  reports: 'kept',
  case_notes: 'kept',
} as const satisfies Record<string, 'deleted' | 'kept' | 'some'>;

export async function findUserRow(db: DbOrTx, userId: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(users).where(eq(users.id, userId));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

export async function findUserByLogin(db: DbOrTx, login: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`);
  return row;
}

/**
 * What stops a deletion (decision 0024): the person's orders, either side, that are still open
 * (not yet done, canceled or declined), and any order with money not settled: held by a provider,
 * a refund owed, or a part marked paid that the artist has not confirmed.
 */
export async function findMoneyInFlight(db: DbOrTx, userId: string) {
  const { rows } = await db.execute<{ id: number; card_title: string; status: string; why: string }>(sql`
    select f.id, f.card_title, t.status::text as status,
      case
        when t.status in ('none', 'waiting', 'processing', 'finished') then 'open'
        when exists (select 1 from order_payments p where p.form_id = f.id
          and p.marked_at is not null and p.confirmed_at is null) then 'unconfirmed'
        else 'money'
      end as why
    from commission_forms f join commission_tasks t on t.form_id = f.id
    where (f.artist_id = ${userId} or f.sender_id = ${userId})
      and (t.status in ('none', 'waiting', 'processing', 'finished')
        or exists (select 1 from order_payments p where p.form_id = f.id
          and p.marked_at is not null and p.confirmed_at is null)
        or exists (select 1 from ledger_entries e where e.form_id = f.id and e.account in ('held', 'refunds')
          group by e.account having sum(e.amount_cents) <> 0))
    order by f.id`);
  return rows.map((r) => ({ id: Number(r.id), cardTitle: r.card_title, status: r.status, why: r.why }));
}

/** The subjects that carry tags (their usages must be cleared through the tags service). */
export async function findTaggedSubjects(db: DbOrTx, userId: string) {
  const [cards, images, reqs] = await Promise.all([
    db.select({ id: displayCards.id }).from(displayCards).where(eq(displayCards.ownerId, userId)),
    db.select({ id: galleryImages.id }).from(galleryImages).where(eq(galleryImages.ownerId, userId)),
    db.select({ id: requests.id }).from(requests).where(eq(requests.ownerId, userId)),
  ]);
  return {
    displayCards: cards.map((c) => String(c.id)),
    galleryImages: images.map((i) => String(i.id)),
    requests: reqs.map((r) => String(r.id)),
  };
}

/**
 * Removes the person's own content (decision 0024) and answers the storage keys of the files to
 * delete after the commit. Kept: the orders (both sides' copy, with the files the two exchanged),
 * the chat messages they sent (the other member's conversation) and their files, the reviews about
 * them, the wiki's history, the audit log and the ledger.
 */
export async function deleteOwnContent(db: DbOrTx, userId: string): Promise<string[]> {
  // Files the other party keeps: order references, deliveries and work in progress, chat files.
  const kept = sql`(select media_id from form_references union select media_id from order_update_files
    union select media_id from chat_message_media)`;
  const doomed = await db
    .select({ id: media.id, storageKey: media.storageKey, miniatureKey: media.miniatureKey })
    .from(media)
    .where(and(eq(media.ownerId, userId), sql`${media.id} not in ${kept}`));
  const exportKeys = await db
    .select({ key: accountExports.storageKey })
    .from(accountExports)
    .where(eq(accountExports.userId, userId));

  // Likes they gave leave the counts of others' posts.
  await db.execute(sql`update posts set total_likes = total_likes - 1
    where id in (select post_id from post_likes where user_id = ${userId})`);
  await db.delete(postLikes).where(eq(postLikes.userId, userId));
  await db.delete(posts).where(eq(posts.ownerId, userId));
  await db.delete(displayCards).where(eq(displayCards.ownerId, userId));
  await db.delete(galleryImages).where(eq(galleryImages.ownerId, userId));
  await db.delete(folderAllowedUsers).where(eq(folderAllowedUsers.userId, userId));
  await db.delete(folders).where(eq(folders.ownerId, userId));
  await db.delete(commissionCards).where(eq(commissionCards.ownerId, userId));
  // Applications that became orders stay with the order; the rest go with their sender.
  await db.delete(applications).where(and(eq(applications.senderId, userId), isNull(applications.formId)));
  await db.delete(requests).where(eq(requests.ownerId, userId));
  await db.delete(hiddenTags).where(eq(hiddenTags.userId, userId));
  await db.delete(reviews).where(eq(reviews.authorId, userId));
  await db.delete(boards).where(eq(boards.ownerId, userId));
  await db.delete(socialLinks).where(eq(socialLinks.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  await db.delete(emailQueue).where(eq(emailQueue.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await db.delete(chatBlocks).where(or(eq(chatBlocks.blockerId, userId), eq(chatBlocks.blockedId, userId)));
  await db.delete(accountExports).where(eq(accountExports.userId, userId));
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  if (doomed.length > 0)
    await db.delete(media).where(
      inArray(
        media.id,
        doomed.map((d) => d.id),
      ),
    );
  return [
    ...doomed.flatMap((d) => [d.storageKey, d.miniatureKey]),
    ...exportKeys.flatMap((e) => (e.key ? [e.key] : [])),
  ];
}

/** The row stays for the orders' other side, with nothing left that names or reaches the person. */
export async function anonymiseUser(
  db: DbOrTx,
  userId: string,
  v: { login: string; email: string; displayName: string; passwordHash: string; at: Date },
) {
  await db
    .update(users)
    .set({
      login: v.login,
      email: v.email,
      displayName: v.displayName,
      passwordHash: v.passwordHash,
      avatarMediaId: null,
      bannerMediaId: null,
      displayNsfw: false,
      displayQuestionable: false,
      hideAi: false,
      isVerified: false,
      isAlpha: false,
      isBanned: false,
      suspendedUntil: null,
      suspensionReason: null,
      deletedAt: v.at,
    })
    .where(eq(users.id, userId));
}

/** Admins other than this account (the last admin cannot leave). */
export async function otherAdminCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), sql`${userRoles.userId} <> ${userId}`));
  return row?.n ?? 0;
}
