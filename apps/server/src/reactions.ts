import { followOwnerRestriction } from './modules/cards/cards.service.ts';
import { followPartyRestriction } from './modules/orders/transitions.service.ts';
import { followCommissionStatus } from './modules/board/board.service.ts';
import { postInWorkingRoom } from './modules/chat/chat-messages.service.ts';
import { openWorkingRoom } from './modules/chat/chat-rooms.service.ts';
import { commissionCardsChanged, displayCardTagsDropped } from './modules/gallery/display-cards.service.ts';
import { galleryListsChanged } from './modules/gallery/gallery-page-cache.ts';
import { authorChanged } from './modules/posts/posts.service.ts';
import {
  followOrderMoneyMoved,
  gateStart,
  owedOnCancel,
  releaseOnApproval,
} from './modules/payments/payments.events.ts';
import { recordAutoApproval, scheduleOrderTimers } from './modules/payments/timers.service.ts';
import { followApplicantRestriction } from './modules/requests/applications.service.ts';
import { requestListChanged } from './modules/requests/request-list-cache.ts';
import { followOrderDone } from './modules/reviews/reviews.service.ts';
import { tagVocabularyChanged } from './modules/tags/tag-suggest-cache.ts';
import type { Reactions } from './platform/events.ts';

/**
 * What reacts to what: every domain event (platform/events.ts) and, in order, what other modules
 * do about it. A module emits its events without knowing this table, so the modules depend in one
 * direction (module-direction.test.ts); docs/decisions/0019-domain-events.md says when a reaction
 * runs inside the writer's transaction and when after it.
 */
export const reactions: Reactions = {
  profileChanged: [
    {
      name: 'posts: cached feed pages show the new name and picture',
      when: 'afterCommit',
      run: (ctx) => authorChanged(ctx, null),
    },
    {
      name: 'gallery: cached artist lists show the new name and picture',
      when: 'afterCommit',
      run: (ctx) => galleryListsChanged(ctx.bus),
    },
  ],
  tagsDropped: [
    {
      name: 'gallery: a display card left without a tag is no longer shown',
      when: 'inTransaction',
      run: (ctx) => displayCardTagsDropped(ctx, null),
    },
  ],
  tagVocabularyChanged: [
    {
      // First, so a list page read after the lists drop cannot take a filter's old ids.
      name: 'tags: cached tag filters (and autocomplete answers) drop on every instance',
      when: 'afterCommit',
      run: (ctx) => tagVocabularyChanged(ctx.bus),
    },
    {
      name: 'gallery: cached /artists and /gallery pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => galleryListsChanged(ctx.bus),
    },
    {
      name: 'requests: cached request list pages and page starts drop on every instance',
      when: 'afterCommit',
      run: (ctx) => requestListChanged(ctx.bus),
    },
  ],
  commissionCardsChanged: [
    {
      name: "gallery: the artist's display card is shown or not by SPEC §4's rule, and the change is activity",
      when: 'inTransaction',
      run: (ctx, e) => commissionCardsChanged(ctx, { id: e.ownerId }),
    },
    {
      name: 'gallery: cached /artists pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => galleryListsChanged(ctx.bus),
    },
  ],
  commissionStatusChanged: [
    {
      name: "board: the artist's task moves to the column of its status, open boards hear of it",
      when: 'afterCommit',
      run: (ctx, e) => followCommissionStatus(ctx, null, e.artistId),
    },
  ],
  orderMoved: [
    {
      name: 'payments: starting waits for the up-front payment (409 payment_required) unless the artist chose to start before it',
      when: 'inTransaction',
      run: (ctx, e) => gateStart(ctx, null, e),
    },
    {
      name: 'payments: a canceled order owes back everything paid (refund owed; both parties are told)',
      when: 'inTransaction',
      run: (ctx, e) => owedOnCancel(ctx, null, e),
    },
    {
      name: 'payments: approval releases what a provider holds to the artist',
      when: 'inTransaction',
      run: (ctx, e) => releaseOnApproval(ctx, null, e),
    },
    {
      name: "payments: a delivery's automatic approval and the buyer's reminders, an acceptance's due-date reminder, become jobs in the same transaction",
      when: 'inTransaction',
      run: (ctx, e) => scheduleOrderTimers(ctx, null, e),
    },
    {
      name: 'payments: an automatic approval is on the money timeline',
      when: 'inTransaction',
      run: (ctx, e) => recordAutoApproval(ctx, null, e),
    },
    {
      name: "payments: both parties' money overviews (/crm/money) are read afresh on every instance",
      when: 'afterCommit',
      run: (ctx, e) => followOrderMoneyMoved(ctx, null, e),
    },
    {
      name: "reviews: an order that reached done changes both parties' records (orders done) on every instance",
      when: 'afterCommit',
      run: (ctx, e) => followOrderDone(ctx, null, e),
    },
  ],
  orderAccepted: [
    {
      name: 'chat: the pair gets their working room (the first time)',
      when: 'inTransaction',
      run: (ctx, e) => openWorkingRoom(ctx, { id: e.artistId }, { buyerId: e.buyerId }),
    },
  ],
  accountRestrictionChanged: [
    {
      name: "cards: the account's open cards close (nobody orders from it), or those that closed open again",
      when: 'inTransaction',
      run: (ctx, e) => followOwnerRestriction(ctx, null, e),
    },
    {
      name: "orders: the account's orders nobody accepted yet end (declined or canceled), the other side of each open order is told",
      when: 'inTransaction',
      run: (ctx, e) => followPartyRestriction(ctx, null, e),
    },
    {
      name: 'requests: pending applications it sent or received end as declined, the other side of each is told',
      when: 'inTransaction',
      run: (ctx, e) => followApplicantRestriction(ctx, null, e),
    },
    {
      name: "gallery: the account's display card follows its cards (SPEC §4's rule)",
      when: 'inTransaction',
      run: (ctx, e) => commissionCardsChanged(ctx, { id: e.userId }),
    },
    {
      name: 'posts: cached feed pages drop, so its posts leave (or come back to) the feed',
      when: 'afterCommit',
      run: (ctx) => authorChanged(ctx, null),
    },
    {
      name: 'gallery: cached /artists and /gallery pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => galleryListsChanged(ctx.bus),
    },
    {
      name: 'requests: cached request list pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => requestListChanged(ctx.bus),
    },
  ],
  accountDeleted: [
    {
      name: 'posts: cached feed pages drop, so its posts leave the feed and its name leaves the others',
      when: 'afterCommit',
      run: (ctx) => authorChanged(ctx, null),
    },
    {
      name: 'gallery: cached /artists and /gallery pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => galleryListsChanged(ctx.bus),
    },
    {
      name: 'requests: cached request list pages drop on every instance',
      when: 'afterCommit',
      run: (ctx) => requestListChanged(ctx.bus),
    },
  ],
  wipCommented: [
    {
      name: 'chat: the comment is posted by the commissioner in the working chat (send limits and blocks apply)',
      when: 'afterCommit',
      run: async (ctx, e) => {
        await postInWorkingRoom(ctx, e.by, { otherId: e.artistId, text: e.text });
      },
    },
  ],
};
