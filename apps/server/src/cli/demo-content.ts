import sharp from 'sharp';
import type { MediaPurpose } from '@brushline/shared/media/constants';
import type { Role } from '@brushline/shared/roles';
import { seedDemoChats } from './demo-chats.ts';
import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { createCard } from '../modules/cards/cards.service.ts';
import { seedDemoBoard } from './demo-board.ts';
import { storeUpload } from '../modules/media/media.service.ts';
import { deliverWork, shareWip } from '../modules/orders/deliveries.service.ts';
import { moveDueDate } from '../modules/orders/orders.service.ts';
import { confirmPayment, markPaid, requestPayment } from '../modules/payments/payments.service.ts';
import { sendForm } from '../modules/orders/orders.service.ts';
import { moveTask } from '../modules/orders/transitions.service.ts';
import { createPost } from '../modules/posts/posts.service.ts';
import { updateProfile } from '../modules/users/profile.service.ts';
import { addSocial } from '../modules/users/socials.service.ts';

/** A small abstract "painting" drawn as SVG and rasterised by sharp: demo pictures need no files. */
function painting(width: number, height: number, hues: [number, number, number], seed: number): Buffer {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = ((seed * 37 + i * 113) % 100) / 100;
    const y = ((seed * 53 + i * 71) % 100) / 100;
    const r = 0.08 + (((seed + i) * 29) % 20) / 100;
    const hue = hues[i % 3];
    return `<circle cx="${x * width}" cy="${y * height}" r="${r * Math.max(width, height)}" fill="hsl(${hue} 70% ${45 + (i % 3) * 12}%)" fill-opacity="0.7"/>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hues[0]} 60% 22%)"/><stop offset="1" stop-color="hsl(${hues[1]} 65% 35%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    </svg>`,
  );
}

export async function picture(
  deps: Deps,
  actor: Actor,
  purpose: MediaPurpose,
  size: [number, number],
  hues: [number, number, number],
  seed: number,
) {
  const png = await sharp(painting(size[0], size[1], hues, seed))
    .png()
    .toBuffer();
  return storeUpload(deps, actor, purpose, png);
}

export const actorOf = (id: string, login: string, roles: Role[]): Actor => ({
  id,
  login,
  roles,
  sessionHash: 'seed',
  displayNsfw: false,
  displayQuestionable: false,
  hideAi: false,
});

/**
 * What a newcomer sees on the first start: pictures and posts by the demo artist, an open
 * commission card with priced options, requests from the demo client (and the demo admin) waiting
 * in the artist's Incoming list, one in progress with a sketch shared for approval (its order page
 * shows the work in progress to both), and orders at each later step in Active and Outgoing.
 * Everything goes through the same services as the API.
 */
export async function seedDemoContent(
  deps: Deps,
  accounts: {
    artist: { id: string; login: string };
    client: { id: string; login: string };
    admin?: { id: string; login: string };
  },
): Promise<void> {
  const artist = actorOf(accounts.artist.id, accounts.artist.login, ['artist']);
  const client = actorOf(accounts.client.id, accounts.client.login, []);

  const avatar = await picture(deps, artist, 'avatar', [400, 400], [280, 320, 200], 3);
  const banner = await picture(deps, artist, 'banner', [1500, 500], [200, 260, 30], 7);
  await updateProfile(deps, artist, {
    displayName: 'Demo Artist',
    avatarMediaId: avatar.id,
    bannerMediaId: banner.id,
  });
  await addSocial(deps, artist, { title: 'Portfolio', url: 'https://www.artstation.com/demo_artist' });

  const sketches = [
    await picture(deps, artist, 'post', [1200, 900], [20, 45, 200], 11),
    await picture(deps, artist, 'post', [900, 1200], [160, 190, 300], 19),
  ];
  await createPost(deps, artist, {
    postContent: 'Commissions are open! Portraits and full bodies, see my card in the CRM.',
    attachedMedia: sketches.map((m) => m.id),
    maturity: 'sfw',
    aiLabel: null,
  });
  await createPost(deps, artist, {
    postContent: 'Colour study from this morning. Warm light, cool shadows.',
    attachedMedia: [(await picture(deps, artist, 'post', [1000, 1000], [30, 210, 50], 23)).id],
    maturity: 'sfw',
    aiLabel: null,
  });
  await createPost(deps, client, {
    postContent: 'Looking for someone to draw my D&D party. Any recommendations?',
    attachedMedia: [],
    maturity: 'sfw',
    aiLabel: null,
  });

  const card = await createCard(deps, artist, {
    title: 'Character portrait',
    galleryFolder: null,
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: 14,
    aiLabel: null,
    infoProvidedByTheAuthor:
      'A clean, coloured portrait of your character. Send references and a few words about their personality.',
    startingPrice: 40,
    terms:
      'Personal use only; no AI training. Payment up front. One sketch for approval, then two revisions of the colours are included. Delivery within three weeks.',
    descriptionRequired: true,
    cardBanner: (await picture(deps, artist, 'cardBanner', [596, 128], [260, 300, 190], 5)).id,
    thumbnailPicture: (await picture(deps, artist, 'cardThumbnail', [305, 380], [340, 20, 260], 9)).id,
    isOpenComission: true,
    isCommissionsOpen: true,
    revisionsIncluded: 2,
    sections: [
      {
        key: 'framing',
        title: 'Framing',
        type: 'radio',
        options: [
          { key: 'headshot', option: 'Headshot', price: 0, additional: '', order: 0 },
          { key: 'half', option: 'Half body', price: 20, additional: '', order: 1 },
          { key: 'full', option: 'Full body', price: 45, additional: '+3 days', order: 2 },
        ],
      },
      {
        key: 'extras',
        title: 'Extras',
        type: 'checkbox',
        options: [
          { key: 'background', option: 'Simple background', price: 15, additional: '', order: 0 },
          { key: 'character', option: 'Extra character', price: 30, additional: 'per character', order: 1 },
        ],
      },
    ],
  });

  const reference = await picture(deps, client, 'reference', [800, 600], [100, 130, 10], 31);
  await sendForm(deps, client, {
    cardUUID: card.uuid,
    description: 'My elf ranger, Lyra: green cloak, silver hair, a hawk on her shoulder.',
    references: [reference.id],
    chosen: [
      { sectionKey: 'framing', optionKeys: ['half'] },
      { sectionKey: 'extras', optionKeys: ['background'] },
    ],
    totalPrice: 75,
    showInQueue: false,
  });

  // A second order already in progress, with a sketch waiting for the client's word.
  const inProgress = await sendForm(deps, client, {
    cardUUID: card.uuid,
    description: 'A headshot of my rogue, Finn: scar over the left eye, a sly grin.',
    references: [],
    chosen: [{ sectionKey: 'framing', optionKeys: ['headshot'] }],
    totalPrice: 40,
    // The client lets their name and choice show in the artist's public queue (decision 0014).
    showInQueue: true,
  });
  // Money (decision 0020): the card asks a 50% deposit; each order below is at another payment state.
  const askDeposit = (formId: number) =>
    requestPayment(deps, artist, {
      formId,
      part: 0,
      instructions:
        'PayPal: paypal.me/demo-artist (write the order number in the note), or ask me for bank details.',
    });
  const payDeposit = async (formId: number, reference: string) => {
    await askDeposit(formId);
    await markPaid(deps, client, { formId, part: 0, reference });
    await confirmPayment(deps, artist, { formId, part: 0, reference: '' });
  };
  await moveTask(deps, artist, { taskId: inProgress.task.id }, 'accept');
  await payDeposit(inProgress.id, 'PayPal 4TX19823');
  await moveTask(deps, artist, { taskId: inProgress.task.id }, 'start');
  const sketch = await picture(deps, artist, 'delivery', [1600, 2000], [200, 30, 120], 41);
  const shared = await shareWip(deps, artist, {
    taskId: inProgress.task.id,
    files: [sketch.id],
    message: 'First sketch: is the pose right before I start the colours?',
  });
  const sketchUpdate = { formId: inProgress.id, updateId: shared.updates.at(-1)!.id };

  // More orders, so the CRM lists show rows that differ at a glance (decision 0005): the artist has
  // one to start and one to deliver under Active, the client one delivered work to approve first
  // in Outgoing, and a second commissioner (the demo admin, when created) waits in Incoming.
  const order = (
    by: Actor,
    description: string,
    chosen: { sectionKey: string; optionKeys: string[] }[],
    totalPrice: number,
  ) =>
    sendForm(deps, by, {
      cardUUID: card.uuid,
      description,
      references: [],
      chosen,
      totalPrice,
      showInQueue: false,
    });
  const toStart = await order(
    client,
    'Sable, my tiefling warlock: violet skin, curled horns, a book of shadows under one arm.',
    [
      { sectionKey: 'framing', optionKeys: ['headshot'] },
      { sectionKey: 'extras', optionKeys: ['background'] },
    ],
    55,
  );
  await moveTask(deps, artist, { taskId: toStart.task.id }, 'accept');
  // Its deposit paid and already past its due date: the client may cancel it, and the deposit
  // becomes a refund the artist owes (the money page's "Refunds you owe" once they do).
  await payDeposit(toStart.id, 'PayPal 2QW55310');
  await moveDueDate({ db: deps.db }, null, toStart.id, new Date(Date.now() - 2 * 86_400_000));
  const toDeliver = await order(
    client,
    'Bram the paladin and his wolf Ash, side by side, ready for a fight.',
    [
      { sectionKey: 'framing', optionKeys: ['full'] },
      { sectionKey: 'extras', optionKeys: ['character'] },
    ],
    115,
  );
  await moveTask(deps, artist, { taskId: toDeliver.task.id }, 'accept');
  await payDeposit(toDeliver.id, 'Bank transfer of 27 Nov');
  await moveTask(deps, artist, { taskId: toDeliver.task.id }, 'start');
  const delivered = await order(
    client,
    'Old Finn the rogue: grey beard, an eye patch, counting coins by candlelight.',
    [{ sectionKey: 'framing', optionKeys: ['half'] }],
    60,
  );
  await moveTask(deps, artist, { taskId: delivered.task.id }, 'accept');
  await payDeposit(delivered.id, 'PayPal 7HK22001');
  await moveTask(deps, artist, { taskId: delivered.task.id }, 'start');
  const finishedArt = await picture(deps, artist, 'delivery', [1600, 2000], [90, 70, 40], 43);
  await deliverWork(deps, artist, {
    taskId: delivered.task.id,
    files: [finishedArt.id],
    message: 'Here is Old Finn, coloured and lit. Tell me if anything needs changing!',
  });
  // The remainder is due on delivery: asked, waiting for the client (the money page's awaiting list).
  await requestPayment(deps, artist, {
    formId: delivered.id,
    part: 1,
    instructions: 'PayPal: paypal.me/demo-artist, as for the deposit.',
  });
  const admin = accounts.admin ? actorOf(accounts.admin.id, accounts.admin.login, ['admin']) : undefined;
  if (admin) {
    await order(
      admin,
      'My cat Pixel as a tiny wizard, a starry hat over one ear.',
      [{ sectionKey: 'framing', optionKeys: ['headshot'] }],
      40,
    );
  }
  await seedDemoBoard(deps, artist, inProgress.task.id);
  await seedDemoChats(deps, { artist, client, admin }, sketchUpdate);
}
