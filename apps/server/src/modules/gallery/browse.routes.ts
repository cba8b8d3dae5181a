import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  artistsPageSchema,
  artistsQuerySchema,
  displayCardBodySchema,
  displayCardSavedSchema,
  displayCardSchema,
  galleryPageSchema,
  galleryQuerySchema,
  hiddenTagsBodySchema,
  hiddenTagsSavedSchema,
  hiddenTagsSchema,
} from '@brushline/shared/gallery/browse-schemas';
import {
  ARTISTS_PAGE_SIZE,
  DISPLAY_CARD_MEDIA,
  GALLERY_PAGE_SIZE,
  HIDDEN_TAGS_MAX,
} from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import { idParamsSchema, loginParamsSchema } from '@brushline/shared/gallery/schemas';
import { messages } from '@brushline/shared/messages';
import type { Deps } from '../../platform/deps.ts';
import { fastOkSerializer } from '../../platform/fast-serializer.ts';
import { listCachingNote, publicListCaching } from '../../platform/http-cache.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { GALLERY_TTL_MS } from './gallery-page-cache.ts';
import { listArtists, listGallery } from './browse.service.ts';
import { createDisplayCard, getDisplayCardByLogin, updateDisplayCard } from './display-cards.service.ts';
import { getHiddenTags, setHiddenTags } from './hidden-tags.service.ts';

const tags = ['gallery'];
const security = [{ session: [] }];
const hidingRule =
  'Someone else’s images and cards carrying a tag the reader hides (settings), or any of its descendants, are ' +
  'left out; NSFW tags follow the reader’s displayNSFW, anonymous readers see SFW only; `blurred` marks a tag ' +
  'the reader blurs.';
const shownRule =
  `SPEC §4: a card is shown (isShown) only with at least 1 tag, exactly ${DISPLAY_CARD_MEDIA} display images that ` +
  'are not Hidden and at least 1 open commission card of its owner; notShownReasons tells its owner what is missing.';

/** Display cards (SPEC §7 paths), the artists list and the main gallery (ours), hidden tags (ours). */
export const browseRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/displaycard/get/bylogin/:login',
      {
        schema: {
          tags,
          summary: 'A user’s display card',
          description: `${shownRule} A card not shown yet answers its owner only (others 404).`,
          params: loginParamsSchema,
          response: { 200: displayCardSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getDisplayCardByLogin(deps, req.actor, req.params.login),
    );

    app.post(
      '/displaycard/create',
      {
        schema: {
          tags,
          security,
          summary: 'Create your display card (one per user)',
          description: `${shownRule} displayMedia: ids of your gallery images that are not Hidden. A second card is 409.`,
          body: displayCardBodySchema,
          response: { 200: displayCardSavedSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (req) => ({
        card: await createDisplayCard(deps, requireActor(req), req.body),
        message: messages.displayCardUpdated,
      }),
    );

    app.patch(
      '/displaycard/update/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Replace the tags and images of your display card',
          description: shownRule,
          params: idParamsSchema,
          body: displayCardBodySchema,
          response: { 200: displayCardSavedSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => ({
        card: await updateDisplayCard(deps, requireActor(req), req.params.id, req.body),
        message: messages.displayCardUpdated,
      }),
    );

    app.get(
      '/artists',
      {
        schema: {
          tags,
          summary: 'Shown display cards, newest activity first or best rated first',
          description:
            `${ARTISTS_PAGE_SIZE} a page; pass nextCursor as cursor. tags=a,b: each must match, a tag also finds its ` +
            'descendants and synonyms. minPrice/maxPrice (USD): an open card’s starting price in the range (0..10000 each; a maximum below the minimum is raised to it, as a stored request range is). open=true: ' +
            'taking commissions now. search: login or display name. sort=rating: best average first (reviews by buyers ' +
            'that staff did not hide), more reviews first on a tie, unrated last (decision 0023); each card carries its ' +
            `rating. ${hidingRule} ${listCachingNote(GALLERY_TTL_MS)}`,
          querystring: artistsQuerySchema,
          response: { 200: artistsPageSchema, ...errorResponses(400) },
        },
        // A hot list: its pages are cached, so writing the JSON is much of what is left (decision 0017).
        serializerCompiler: fastOkSerializer(artistsPageSchema),
        onSend: publicListCaching(GALLERY_TTL_MS),
      },
      async (req) => listArtists(deps, req.actor, req.query),
    );

    app.get(
      '/gallery',
      {
        schema: {
          tags,
          summary: 'Public images of everyone, newest first',
          description:
            `${GALLERY_PAGE_SIZE} a page; pass nextCursor as cursor; tags=a,b as on /artists. ${hidingRule} ` +
            listCachingNote(GALLERY_TTL_MS),
          querystring: galleryQuerySchema,
          response: { 200: galleryPageSchema, ...errorResponses(400) },
        },
        serializerCompiler: fastOkSerializer(galleryPageSchema),
        onSend: publicListCaching(GALLERY_TTL_MS),
      },
      async (req) => listGallery(deps, req.actor, req.query),
    );

    app.get(
      '/user/hidden-tags',
      {
        schema: {
          tags,
          security,
          summary: 'The tags you hide or blur',
          response: { 200: hiddenTagsSchema, ...errorResponses(401) },
        },
      },
      async (req) => getHiddenTags(deps, requireActor(req)),
    );

    app.put(
      '/user/hidden-tags',
      {
        schema: {
          tags,
          security,
          summary: 'Replace the tags you hide (mode hide) or blur (mode blur)',
          description: `Up to ${HIDDEN_TAGS_MAX}; titles (a synonym means its canonical tag; unknown is 400). ${hidingRule}`,
          body: hiddenTagsBodySchema,
          response: { 200: hiddenTagsSavedSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => ({
        ...(await setHiddenTags(deps, requireActor(req), req.body)),
        message: galleryMessages.hiddenTagsSaved,
      }),
    );
  };
