import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardBodySchema,
  cardLoginParamsSchema,
  cardMessageResponseSchema,
  cardSavedResponseSchema,
  cardSchema,
  cardUpdateBodySchema,
  cardUuidParamsSchema,
} from '@brushline/shared/cards/schemas';
import { CARDS_PER_OWNER_MAX, PRICE_DECIMALS } from '@brushline/shared/cards/constants';
import { messages } from '@brushline/shared/messages';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import {
  createCard,
  deleteCard,
  getCard,
  listOpenCardsOf,
  listOwnCards,
  updateCard,
} from './cards.service.ts';

const tags = ['cards'];
const security = [{ session: [] }];
const pricesNote = `Prices are USD numbers with at most ${PRICE_DECIMALS} decimals (stored as integer cents); see docs/decisions/0005-commissions.md.`;

export const cardsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/comissioncard/owner',
      {
        schema: {
          tags,
          security,
          summary: 'Every commission card of the signed-in user, closed ones included, newest first',
          description: `At most ${CARDS_PER_OWNER_MAX} cards (the most one artist may have).`,
          response: { 200: z.array(cardSchema), ...errorResponses(401) },
        },
      },
      async (req) => listOwnCards(deps, requireActor(req)),
    );

    app.post(
      '/commissioncard/create',
      {
        schema: {
          tags,
          security,
          summary: 'Create a commission card (artists only)',
          description:
            'Non-artists get 403 (turn on the artist switch in settings). An empty title is saved as ' +
            '"Untitled card"; isCommissionsOpen needs isOpenComission; section and option keys are unique ' +
            'within the card; cardBanner and thumbnailPicture are ids of your own uploads of purpose ' +
            `cardBanner / cardThumbnail. An artist may have up to ${CARDS_PER_OWNER_MAX} cards (400 ` +
            `too_many_cards). ${pricesNote}`,
          body: cardBodySchema,
          response: { 200: cardSavedResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => ({
        card: await createCard(deps, requireActor(req), req.body),
        message: messages.cardCreated,
      }),
    );

    app.put(
      '/comissioncard/update',
      {
        schema: {
          tags,
          security,
          summary: 'Replace one of your cards (the body is the whole card with its uuid)',
          description: `Someone else's card answers 404 and is not changed. Same rules as create. ${pricesNote}`,
          body: cardUpdateBodySchema,
          response: { 200: cardSavedResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => ({
        card: await updateCard(deps, requireActor(req), req.body),
        message: messages.cardSaved,
      }),
    );

    app.delete(
      '/comissioncard/delete/:uuid',
      {
        schema: {
          tags,
          security,
          summary: 'Delete one of your cards; forms already sent keep their copy of it',
          params: cardUuidParamsSchema,
          response: { 200: cardMessageResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => {
        await deleteCard(deps, requireActor(req), req.params.uuid);
        return { message: messages.cardDeleted };
      },
    );

    app.get(
      '/comissioncard/get/:uuid',
      {
        schema: {
          tags,
          summary: 'One commission card by uuid (public while the card is open)',
          description:
            'SPEC §7 "GET a card by uuid (path not shown)": served here. A card with isOpenComission false ' +
            'is visible only to its owner (others get 404 "Comission does not exist"). A card with ' +
            'isCommissionsOpen false is shown but cannot be ordered.',
          params: cardUuidParamsSchema,
          response: { 200: cardSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getCard(deps, req.actor, req.params.uuid),
    );

    app.get(
      '/comissioncards/user/:login',
      {
        schema: {
          tags,
          summary: "The open cards of a user by login (public; the profile's cards tab)",
          description:
            'Path not in SPEC §7; chosen here. Closed cards are never listed; unknown logins list nothing. ' +
            `At most ${CARDS_PER_OWNER_MAX} cards, newest first.`,
          params: cardLoginParamsSchema,
          response: { 200: z.array(cardSchema), ...errorResponses(400) },
        },
      },
      async (req) => listOpenCardsOf(deps, req.actor, req.params.login),
    );
  };
