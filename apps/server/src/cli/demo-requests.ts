import type { Deps } from '../platform/deps.ts';
import { listOwnCards } from '../modules/cards/cards.service.ts';
import { apply } from '../modules/requests/applications.service.ts';
import { createRequest } from '../modules/requests/requests.service.ts';
import { actorOf } from './demo-content.ts';

/**
 * Demo requests (decision 0018): public requests from the demo client, one of them hidden (its
 * owner's only), and an application from the demo artist with their open card waiting in the
 * client's pending list. Runs after the demo tags exist, so the requests carry wiki tags.
 */
export async function seedDemoRequests(
  deps: Deps,
  accounts: { artist: { id: string; login: string }; client: { id: string; login: string } },
) {
  const artist = actorOf(accounts.artist.id, accounts.artist.login, ['artist']);
  const client = actorOf(accounts.client.id, accounts.client.login, []);
  const base = { attachedMedia: [], additionalRequirements: '', preferences: '' };
  const cat = await createRequest(deps, client, {
    ...base,
    title: 'My cat as a fantasy knight',
    description: 'A full body picture of my grey cat Pixel in shining armour, holding a tiny sword.',
    typeOfWork: 'illustration',
    additionalRequirements: 'Please keep the white patch on the chest.',
    preferences: 'Warm colours, a castle in the background.',
    priceMin: 60,
    priceMax: 150,
    deadline: 30,
    tags: ['cat', 'full_body', 'detailed_background'],
    privacy: 'public',
  });
  await createRequest(deps, client, {
    ...base,
    title: 'Reference sheet for my OC',
    description: 'Front and back view of my original character with a colour palette.',
    typeOfWork: 'reference sheet',
    priceMin: 80,
    priceMax: 200,
    deadline: 45,
    tags: ['reference_sheet', 'original_character'],
    privacy: 'public',
  });
  await createRequest(deps, client, {
    ...base,
    title: 'Twitch emotes (set of 3)',
    description: 'Three chibi emotes: happy, sad and hype.',
    typeOfWork: 'emote',
    priceMin: 30,
    priceMax: 90,
    deadline: 14,
    tags: ['emote', 'chibi'],
    privacy: 'public',
  });
  await createRequest(deps, client, {
    ...base,
    title: 'Birthday surprise (draft)',
    description: 'Not ready to show yet: a portrait of my sister.',
    typeOfWork: 'portrait',
    priceMin: 40,
    priceMax: 100,
    deadline: 60,
    tags: ['headshot'],
    privacy: 'hidden',
  });
  const card = (await listOwnCards(deps, artist)).find((c) => c.isOpenComission && c.isCommissionsOpen);
  if (card) {
    await apply(deps, artist, cat.guid, {
      cardUUID: card.uuid,
      comment: 'I love painting cats in armour! I can add a little castle banner too.',
      offeredPrice: 120,
      references: [],
    });
  }
}
