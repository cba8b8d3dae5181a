import type { ReportTarget } from '@brushline/shared/moderation/constants';
import { cutText } from '@brushline/shared/text';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { getCard, getCardForStaff, setCardHiddenByStaff } from '../cards/cards.service.ts';
import { messageForMember, messageForStaff, setMessageHiddenByStaff } from '../chat/chat-messages.service.ts';
import {
  galleryModerated,
  getImage,
  getImageForStaff,
  setImageHiddenByStaff,
} from '../gallery/images.service.ts';
import { authorChanged, getPost, getPostForStaff, setPostHiddenByStaff } from '../posts/posts.service.ts';
import {
  getRequest,
  getRequestForStaff,
  requestsModerated,
  setRequestHiddenByStaff,
} from '../requests/requests.service.ts';
import { reviewForReader } from '../reviews/reviews.service.ts';
import { getTagByTitle } from '../tags/tags.service.ts';
import { getUserByLogin } from '../users/users.service.ts';

/**
 * The things a report can name (decision 0022): how each kind is read as its reporter or staff
 * see it, which kinds staff can hide (and how, each through its own module) or relabel.
 */

/** What reading and hiding a target needs (the case's context). */
export type Ctx = Pick<Deps, 'db' | 'hub' | 'log' | 'limits' | 'bus'>;

/** A reported thing as the reporter (or staff) can see it now: its owner, a short title, and its content. */
export interface Target {
  ownerId: string | null;
  title: string;
  snapshot: Record<string, unknown>;
}

const SNIPPET = 60;
const quote = (text: string) => `“${cutText(text.replace(/\s+/g, ' ').trim(), SNIPPET, { atWord: true })}”`;
const intId = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

/**
 * How staff hide each kind that can be hidden (decision 0022), through its own module, inside the
 * case's transaction, and what each drops from the caches once it has committed. Profiles and tags
 * are acted on otherwise (a suspension; the wiki's staff actions); reviews are hidden below, as
 * their averages move with them.
 */
export const HIDERS: Partial<
  Record<
    ReportTarget,
    {
      hide(ctx: TxCtx, staff: Actor, id: string, reason: string | null): Promise<boolean>;
      after(ctx: Ctx, staff: Actor): Promise<void>;
    }
  >
> = {
  post: {
    hide: async (c, s, id, r) => intId(id) !== null && setPostHiddenByStaff(c, s, intId(id)!, r),
    after: (c) => authorChanged(c, null),
  },
  card: { hide: setCardHiddenByStaff, after: galleryModerated },
  image: { hide: setImageHiddenByStaff, after: galleryModerated },
  request: { hide: setRequestHiddenByStaff, after: requestsModerated },
  message: {
    hide: async (c, s, id, r) => intId(id) !== null && setMessageHiddenByStaff(c, s, intId(id)!, r),
    after: async () => {},
  },
};
export const HIDEABLE: readonly ReportTarget[] = [...(Object.keys(HIDERS) as ReportTarget[]), 'review'];
/** Kinds with a maturity label staff can change. */
export const RELABELABLE: readonly ReportTarget[] = ['post'];

/**
 * The target as `actor` may see it, through its own module's service (so nobody reports what they
 * cannot see); undefined when it does not exist or is not theirs to see. Staff working a case
 * (`asStaff`) read it whatever its privacy or whether they hid it.
 */
export async function readTarget(
  ctx: Ctx,
  actor: Actor,
  kind: ReportTarget,
  id: string,
  asStaff = false,
): Promise<Target | undefined> {
  try {
    switch (kind) {
      case 'post': {
        const n = intId(id);
        if (n === null) return undefined;
        const p = await (asStaff ? getPostForStaff : getPost)(ctx, actor, n);
        return {
          ownerId: p.ownerId,
          title: `Post #${p.id} by @${p.owner.login}: ${quote(p.postContent || '(pictures only)')}`,
          snapshot: {
            text: p.postContent,
            maturity: p.maturity,
            aiLabel: p.aiLabel,
            media: p.attachedMedia.map((m) => m.id),
            owner: p.owner.login,
            hiddenByStaff: p.hiddenByStaff,
          },
        };
      }
      case 'profile': {
        const u = await getUserByLogin(ctx, actor, id);
        return {
          ownerId: u.id,
          title: `Profile @${u.displayLogin} (${u.displayName})`,
          snapshot: {
            login: u.displayLogin,
            displayName: u.displayName,
            avatar: u.userProfileStore.profilePicture?.path ?? null,
            banner: u.userProfileStore.bannerPicture?.path ?? null,
            socials: u.connectedSocials.map((s) => s.url),
          },
        };
      }
      case 'card': {
        const c = await (asStaff ? getCardForStaff : getCard)(ctx, actor, id);
        return {
          ownerId: c.ownerId,
          title: `Commission card ${quote(c.title)} by @${c.owner.login}`,
          snapshot: {
            title: c.title,
            info: c.infoProvidedByTheAuthor,
            terms: c.terms,
            startingPrice: c.startingPrice,
            banner: c.cardBanner?.id ?? null,
            aiLabel: c.aiLabel,
            hiddenByStaff: c.hiddenByStaff,
          },
        };
      }
      case 'request': {
        const r = await (asStaff ? getRequestForStaff : getRequest)(ctx, actor, id);
        return {
          ownerId: r.owner.id,
          title: `Request ${quote(r.title)} by @${r.owner.login}`,
          snapshot: {
            title: r.title,
            description: r.description,
            preferences: r.preferences,
            media: r.attachedMedia.map((m) => m.id),
            hiddenByStaff: r.hiddenByStaff,
          },
        };
      }
      case 'image': {
        const i = await (asStaff ? getImageForStaff : getImage)(ctx, actor, id);
        return {
          ownerId: i.owner.id,
          title: `Gallery image ${quote(i.title || 'Untitled')} by @${i.owner.login}`,
          snapshot: {
            title: i.title,
            media: i.media.id,
            tags: i.tags.map((t) => t.title),
            aiLabel: i.aiLabel,
            hiddenByStaff: i.hiddenByStaff,
          },
        };
      }
      case 'tag': {
        const t = await getTagByTitle(ctx, actor, id);
        return {
          ownerId: null,
          title: `Tag ${quote(t.title)}`,
          snapshot: { title: t.title, description: t.description, maturity: t.maturity },
        };
      }
      case 'message': {
        const n = intId(id);
        const m =
          n === null ? undefined : await (asStaff ? messageForStaff : messageForMember)(ctx, actor, n);
        if (!m) return undefined;
        return {
          ownerId: m.senderId,
          title: `Chat message from @${m.senderLogin}: ${quote(m.text || '(attachments only)')}`,
          snapshot: {
            text: m.text,
            sender: m.senderLogin,
            attachments: m.attachmentIds,
            sentAt: m.createdAt,
            hiddenByStaff: m.hiddenReason,
          },
        };
      }
      case 'review': {
        const r = await reviewForReader(ctx, actor, id);
        if (!r) return undefined;
        return {
          ownerId: r.authorId,
          title: `Review of @${r.subject.login} by @${r.author.login} (${r.stars}/5): ${quote(r.text || '(stars only)')}`,
          snapshot: {
            stars: r.stars,
            text: r.text,
            author: r.author.login,
            subject: r.subject.login,
            order: r.orderId,
            answer: r.answer,
            hiddenByStaff: r.hiddenByStaff,
          },
        };
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}
