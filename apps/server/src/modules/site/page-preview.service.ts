import { formatUsd } from '@brushline/shared/cards/pricing';
import { matchPath } from '@brushline/shared/paths';
import {
  BANNER_NARROW_MEDIA,
  BANNER_WIDE_MEDIA,
  CARD_THUMBNAIL_SIZES,
  POST_PICTURE_SIZES,
  PROFILE_EAGER_CARDS,
  responsiveImage,
} from '@brushline/shared/media/responsive';
import { FEED_EAGER_POSTS } from '@brushline/shared/posts/constants';
import type { Post } from '@brushline/shared/posts/schemas';
import { postIdParamsSchema } from '@brushline/shared/posts/schemas';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { isUuid } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PagePicture } from '../../platform/page-preloads.ts';
import type { PageMeta } from '../../platform/pages.ts';
import type { Actor } from '../../platform/session.ts';
import { getCard, listOpenCardsOf } from '../cards/cards.service.ts';
import { getPost, listPosts } from '../posts/posts.service.ts';
import { getUserByLogin } from '../users/users.service.ts';

async function profilePreview(
  ctx: Pick<Deps, 'db' | 'hub'>,
  actor: Actor | null,
  login: string,
): Promise<PageMeta> {
  const user = await getUserByLogin(ctx, actor, login);
  const { profilePicture, bannerPicture } = user.userProfileStore;
  const name = `${user.displayName} (@${user.loginName})`;
  return {
    title: name,
    description: `${user.displayName} on ${PRODUCT_NAME}: commissions, posts and art.`,
    type: 'profile',
    image: profilePicture
      ? { url: profilePicture.path, alt: `${user.displayName}'s avatar`, large: false }
      : bannerPicture
        ? { url: bannerPicture.path, alt: `${user.displayName}'s banner`, large: true }
        : null,
  };
}

/** What the card's public page shows: a closed card answers 404 to all but its owner (getCard). */
async function cardPreview(ctx: Pick<Deps, 'db'>, actor: Actor | null, uuid: string): Promise<PageMeta> {
  if (!isUuid(uuid)) throw notFound();
  const card = await getCard(ctx, actor, uuid);
  const picture = card.thumbnailPicture ?? card.cardBanner;
  const about = card.infoProvidedByTheAuthor.trim();
  return {
    title: card.title,
    description:
      `Commission by ${card.owner.displayName}, from ${formatUsd(card.startingPrice)}.` +
      (about ? ` ${about}` : ''),
    type: 'website',
    image: picture
      ? {
          url: picture.url,
          width: picture.width,
          height: picture.height,
          alt: card.title,
          large: picture === card.cardBanner,
        }
      : null,
  };
}

/** A post the reader may not see (its maturity) answers 404 like a deleted one (getPost). */
async function postPreview(ctx: Pick<Deps, 'db'>, actor: Actor | null, rawId: string): Promise<PageMeta> {
  const id = postIdParamsSchema.safeParse({ id: rawId });
  if (!id.success) throw notFound();
  const post = await getPost(ctx, actor, id.data.id);
  const first = post.attachedMedia[0];
  const text = post.postContent.trim();
  return {
    title: `${post.owner.displayName} on ${PRODUCT_NAME}`,
    description: text || `A picture by ${post.owner.displayName}.`,
    type: 'article',
    image: first
      ? {
          url: first.url,
          width: first.width,
          height: first.height,
          alt: `Picture by ${post.owner.displayName}`,
          large: true,
        }
      : null,
  };
}

/**
 * The link preview of a screen (title, description, picture) as `actor` may see it, through the
 * modules' own services and access rules: a link pasted into a chat is fetched anonymously, so it
 * never carries a closed card or a post above the sfw line. Screens with nothing of their own
 * answer null; a profile, card or post that does not exist throws the services' 404.
 */
export async function describePage(
  ctx: Pick<Deps, 'db' | 'hub'>,
  actor: Actor | null,
  pathname: string,
): Promise<PageMeta | null> {
  let match: ReturnType<typeof matchPath>;
  try {
    match = matchPath(pathname);
  } catch {
    // A malformed %-escape: no login, uuid or id can be spelled that way.
    throw notFound();
  }
  switch (match?.name) {
    case 'profileHome':
      return profilePreview(ctx, actor, match.params.login!);
    case 'commission':
    case 'commissionForm':
      return cardPreview(ctx, actor, match.params.uuid!);
    case 'post':
      return postPreview(ctx, actor, match.params.id!);
    default:
      return null;
  }
}

/** A post's first picture as its card's <img> shows it (web: post-media-grid.tsx). */
function firstPicture(post: Post): PagePicture[] {
  const first = post.attachedMedia[0];
  if (!first) return [];
  const sizes = post.attachedMedia.length === 1 ? POST_PICTURE_SIZES.single : POST_PICTURE_SIZES.grid;
  return [responsiveImage(first, sizes)];
}

/**
 * The pictures a screen shows first, as `actor` sees them, for the page to preload
 * (platform/page-preloads.ts): the first picture of each of the feed's top posts (the page the app
 * asks for first, from the shared page cache), a post's first picture, a profile's banner and the
 * thumbnails of its first cards; each with the srcset and sizes its <img> has. None for other screens.
 */
export async function firstPictures(
  ctx: Pick<Deps, 'db' | 'bus' | 'hub'>,
  actor: Actor | null,
  pathname: string,
): Promise<PagePicture[]> {
  let match: ReturnType<typeof matchPath>;
  try {
    match = matchPath(pathname);
  } catch {
    return [];
  }
  switch (match?.name) {
    case 'feed':
    case 'hubFeed': {
      const page = await listPosts(ctx, actor, {});
      return page.items.slice(0, FEED_EAGER_POSTS).flatMap(firstPicture);
    }
    case 'post': {
      const id = postIdParamsSchema.safeParse({ id: match.params.id });
      if (!id.success) return [];
      const post = await getPost(ctx, actor, id.data.id);
      return firstPicture(post);
    }
    case 'profileHome': {
      // The banner (the miniature on a phone, the full picture wider: the header's <picture>),
      // then the cards under the header: on a phone the first two thumbnails are on the first screen.
      const login = match.params.login!;
      const [user, cards] = await Promise.all([
        getUserByLogin(ctx, actor, login).catch((err: unknown) => {
          if (err instanceof AppError && err.statusCode === 404) return null;
          throw err;
        }),
        listOpenCardsOf(ctx, actor, login),
      ]);
      const banner = user?.userProfileStore.bannerPicture;
      return [
        ...(banner
          ? [
              { src: banner.miniaturePath, media: BANNER_NARROW_MEDIA, high: true },
              { src: banner.path, media: BANNER_WIDE_MEDIA, high: true },
            ]
          : []),
        ...cards
          .slice(0, PROFILE_EAGER_CARDS)
          .flatMap((card) =>
            card.thumbnailPicture ? [responsiveImage(card.thumbnailPicture, CARD_THUMBNAIL_SIZES)] : [],
          ),
      ];
    }
    default:
      return [];
  }
}
