import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PURPOSES, type MediaPurpose } from '@brushline/shared/media/constants';
import type { Card } from '@brushline/shared/cards/schemas';
import type { Request } from '@brushline/shared/requests/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { media } from '../../db/schema/media.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { multipartBody, pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { openCasual, post } from '../chat/chat-fixtures.ts';
import { addImage, createFolder } from '../gallery/gallery-fixtures.ts';
import {
  call,
  createCard,
  moveOrder,
  ok,
  registerArtist,
  sendForm,
  type OrderStatus,
  type TestUser,
} from '../../test/kit.ts';
import { applyTo, postRequest, sampleRequest } from '../requests/request-fixtures.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { mediaRoutes } from './media.routes.ts';

/**
 * POST /api/media: any signed-in user uploads (anonymous: 401, and nothing is stored).
 * GET /api/media/{id}/{variant}: every purpose, in each place it can be, × every kind of reader,
 * full size and miniature, with the cache each answer may be kept in (docs/decisions/0004-media.md).
 * "uploader" made the upload; "party" is the other person of the place (the order's other side, the
 * request's owner or an artist who applied, the room's other member, a user the folder is open
 * to; for a public purpose or an unplaced upload just another user); "stranger" is anyone else
 * signed in; "staff" a moderator (staff have no view of orders, requests or chats).
 */
type Who = 'uploader' | 'party' | 'stranger' | 'staff' | 'anon';
const WHO: Who[] = ['uploader', 'party', 'stranger', 'staff', 'anon'];

interface Ctx {
  mediaId: string;
  uploader: TestUser;
  party: TestUser;
}
interface Place {
  purpose: MediaPurpose;
  name: string;
  /** Places the upload; `ann` and `bob` are artists with an open card each. */
  make: () => Promise<Ctx>;
  /** Who may fetch it here (everyone else: 404). */
  readers: Who[];
}

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let stranger: TestUser;
let staff: TestUser;
let annCard: Card;
let bobCard: string;
/** One picture as a browser uploads it (multipart), sent by every upload case. */
let picture: { payload: Buffer; headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerArtist(t);
  stranger = await registerUser(t.app, t.dataDir);
  staff = await registerStaff(t);
  annCard = await createCard(t, ann);
  bobCard = (await createCard(t, bob)).uuid;
  picture = multipartBody(await pngBytes());
});
afterAll(() => t.close());

/** A fresh upload of `user` (the suite uploads far more than a person does). */
async function upload(user: TestUser, purpose: MediaPurpose): Promise<string> {
  await t.app.deps.limits.reset('mediaUploadUser', user.id);
  return (await uploadImage(t.app, user.cookie, { purpose })).id;
}

const unplaced = (purpose: MediaPurpose): Place => ({
  purpose,
  name: 'placed nowhere yet',
  make: async () => ({ mediaId: await upload(ann, purpose), uploader: ann, party: bob }),
  readers: ['uploader'],
});
const everyone: Who[] = WHO;

/** An order from bob to ann's card, moved on up to `status`. */
async function order(references: string[] = [], status: OrderStatus = 'none'): Promise<SentForm> {
  await t.app.deps.limits.reset('formSendUser', bob.id);
  const form = await sendForm(t, bob, annCard, { references });
  await moveOrder(t, form, { artist: ann, buyer: bob }, status);
  return form;
}

/** ann's request (public, or hidden after bob applied while it was public) with `attachedMedia`. */
async function request(attachedMedia: string[], hideAfterApply = false): Promise<Request> {
  await t.app.deps.limits.reset('requestWriteUser', ann.id);
  const made = await postRequest(t, ann, { attachedMedia });
  await t.app.deps.limits.reset('applyDailyUser', bob.id);
  await applyTo(t, bob, made.guid, bobCard);
  if (hideAfterApply) {
    ok(
      await call(t.app, 'PATCH', `/api/request/update/${made.id}`, ann.cookie, {
        ...sampleRequest({ attachedMedia }),
        privacy: 'hidden',
      }),
    );
  }
  return made;
}

const places: Place[] = [
  // Public purposes: anyone, placed or not (they are made for public places).
  {
    purpose: 'post',
    name: 'in a post',
    make: async () => {
      const mediaId = await upload(ann, 'post');
      ok(
        await call(t.app, 'POST', '/api/post', ann.cookie, {
          postContent: 'Look',
          attachedMedia: [mediaId],
          maturity: 'sfw',
        }),
      );
      return { mediaId, uploader: ann, party: bob };
    },
    readers: everyone,
  },
  { ...unplaced('post'), readers: everyone },
  ...(['avatar', 'banner'] as const).map((purpose): Place => ({
    purpose,
    name: `as the profile's ${purpose}`,
    make: async () => {
      const mediaId = await upload(ann, purpose);
      const field = purpose === 'avatar' ? 'avatarMediaId' : 'bannerMediaId';
      ok(await call(t.app, 'PATCH', '/api/user/profile', ann.cookie, { [field]: mediaId }));
      return { mediaId, uploader: ann, party: bob };
    },
    readers: everyone,
  })),
  ...(['cardBanner', 'cardThumbnail'] as const).map((purpose): Place => ({
    purpose,
    name: 'on an open card',
    make: async () => {
      const mediaId = await upload(ann, purpose);
      const field = purpose === 'cardBanner' ? 'cardBanner' : 'thumbnailPicture';
      await createCard(t, ann, { [field]: mediaId });
      return { mediaId, uploader: ann, party: bob };
    },
    readers: everyone,
  })),
  // References: the people who may see the order, request or application they are in.
  unplaced('reference'),
  {
    purpose: 'reference',
    name: "of an order (the buyer's)",
    make: async () => {
      const mediaId = await upload(bob, 'reference');
      await order([mediaId]);
      return { mediaId, uploader: bob, party: ann };
    },
    readers: ['uploader', 'party'],
  },
  {
    purpose: 'reference',
    name: 'attached to a public request',
    make: async () => {
      const mediaId = await upload(ann, 'reference');
      await request([mediaId]);
      return { mediaId, uploader: ann, party: bob };
    },
    readers: everyone,
  },
  {
    purpose: 'reference',
    name: 'attached to a hidden request (the party applied while it was public)',
    make: async () => {
      const mediaId = await upload(ann, 'reference');
      await request([mediaId], true);
      return { mediaId, uploader: ann, party: bob };
    },
    readers: ['uploader'],
  },
  {
    purpose: 'reference',
    name: 'of an application (the party owns the request, hidden since)',
    make: async () => {
      const mediaId = await upload(bob, 'reference');
      const made = await postRequest(t, ann);
      await t.app.deps.limits.reset('applyDailyUser', bob.id);
      await applyTo(t, bob, made.guid, bobCard, { references: [mediaId] });
      ok(
        await call(t.app, 'PATCH', `/api/request/update/${made.id}`, ann.cookie, {
          ...sampleRequest(),
          privacy: 'hidden',
        }),
      );
      return { mediaId, uploader: bob, party: ann };
    },
    readers: ['uploader', 'party'],
  },
  // Deliveries and work in progress: the two sides of the order.
  unplaced('delivery'),
  {
    purpose: 'delivery',
    name: 'delivered in an order',
    make: async () => {
      const mediaId = await upload(ann, 'delivery');
      const form = await order([], 'processing');
      ok(
        await call(t.app, 'PUT', `/api/task/${form.task.id}/deliver`, ann.cookie, {
          files: [mediaId],
          message: 'Done',
        }),
      );
      return { mediaId, uploader: ann, party: bob };
    },
    readers: ['uploader', 'party'],
  },
  {
    purpose: 'delivery',
    name: 'shared as work in progress',
    make: async () => {
      const mediaId = await upload(ann, 'delivery');
      const form = await order([], 'processing');
      ok(
        await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, ann.cookie, {
          files: [mediaId],
          message: 'Sketch',
        }),
      );
      return { mediaId, uploader: ann, party: bob };
    },
    readers: ['uploader', 'party'],
  },
  // Chat pictures: the room's two members.
  unplaced('chat'),
  {
    purpose: 'chat',
    name: 'sent in a room',
    make: async () => {
      const mediaId = await upload(ann, 'chat');
      const room = await openCasual(t, ann, bob);
      await t.app.deps.limits.reset('chatSendBurst', ann.id);
      ok(await post(t, ann, room.id, { attachments: [mediaId] }));
      return { mediaId, uploader: ann, party: bob };
    },
    readers: ['uploader', 'party'],
  },
  // Gallery images: their privacy and their folders'.
  unplaced('gallery'),
  {
    purpose: 'gallery',
    name: 'a Public image',
    make: async () => ({ mediaId: (await addImage(t, ann)).id, uploader: ann, party: bob }),
    readers: everyone,
  },
  {
    purpose: 'gallery',
    name: 'in a Hidden folder open to the party',
    make: async () => {
      const folder = await createFolder(t, ann, {
        folderName: 'For bob',
        privacy: 'Hidden',
        allowedUserList: [bob.login],
      });
      return { mediaId: (await addImage(t, ann, { folderId: folder.id })).id, uploader: ann, party: bob };
    },
    readers: ['uploader', 'party'],
  },
  {
    purpose: 'gallery',
    name: 'a Hidden image',
    make: async () => ({
      mediaId: (await addImage(t, ann, { privacy: 'Hidden' })).id,
      uploader: ann,
      party: bob,
    }),
    readers: ['uploader'],
  },
];

/** The purposes made for public places (the rest are ruled by where they are placed). */
const PUBLIC: MediaPurpose[] = ['post', 'avatar', 'banner', 'cardBanner', 'cardThumbnail'];
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, max-age=31536000, immutable';

const rows: MatrixRow<Who, Ctx, Place>[] = places.flatMap((place) =>
  (['full', 'miniature'] as const).map((variant) => ({
    name: `GET /media/{id}/{variant} (${variant} of ${place.purpose} ${place.name})`,
    method: 'GET' as const,
    url: (c: Ctx) => `/api/media/${c.mediaId}/${variant}`,
    setup: place,
    expect: Object.fromEntries(WHO.map((who) => [who, place.readers.includes(who) ? 200 : 404])) as Record<
      Who,
      number
    >,
    check: (res) => {
      if (res.statusCode !== 200) {
        // A refusal may become an answer later (placed, made public): nothing keeps it.
        expect(res.headers['cache-control']).toBe('no-store');
        return;
      }
      expect(res.headers['content-type']).toMatch(/^image\//);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (PUBLIC.includes(place.purpose)) {
        expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
        expect(res.headers.vary).toBeUndefined();
      } else {
        expect(res.headers['cache-control']).toBe(PRIVATE_CACHE);
        expect(res.headers.vary).toBe('Cookie');
      }
    },
  })),
);

// Uploading changes no upload there is: each case reads the first place's.
rows.push(
  ...(['post', 'reference'] as const).map((purpose): MatrixRow<Who, Ctx, Place> => ({
    name: `POST /media (purpose ${purpose})`,
    method: 'POST',
    url: () => `/api/media?purpose=${purpose}`,
    headers: () => picture.headers,
    body: () => picture.payload,
    setup: places[0],
    expect: { uploader: 200, party: 200, stranger: 200, staff: 200, anon: 401 },
    mutates: ['uploader', 'party', 'stranger', 'staff'],
  })),
);

describe('who may upload, and who may fetch an upload', () => {
  it('the table has every purpose', () => {
    expect(new Set(places.map((p) => p.purpose))).toEqual(new Set(MEDIA_PURPOSES));
  });

  everyRouteHasARow(
    () => routesOf(mediaRoutes(t.app.deps, { placements: [], mayRead: () => Promise.resolve(false) })),
    rows,
  );

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    // Each place is made once: reading its file changes nothing, so its cases share it.
    context: (place) => place!.make(),
    setupKey: (place) => place,
    cookieOf: (who, c) =>
      ({ uploader: c.uploader, party: c.party, stranger, staff, anon: undefined })[who]?.cookie,
    // Reading a file changes nothing: its row stays as it was, and no upload is added.
    snapshot: async (c) => [
      await t.app.deps.db.select().from(media).where(eq(media.id, c.mediaId)),
      await t.app.deps.db.select({ n: count() }).from(media),
    ],
    mutatesMust: true,
  });
});
