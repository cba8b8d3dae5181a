import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import type { UserFolders } from '@brushline/shared/gallery/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostPage } from '@brushline/shared/posts/schemas';
import type { User } from '@brushline/shared/users/schemas';
import { createTestApp, registerUser, sessionCookie, type TestApp } from '../test/harness.ts';
import { adminCommand } from './admin-command.ts';
import type { Board } from '@brushline/shared/board/schemas';
import type { OrderPage } from '@brushline/shared/orders/schemas';
import type { UserReviewsPage } from '@brushline/shared/reviews/schemas';
import { demoAccountsBlock, seedDemo, seedDemoWithContent } from './demo-seed.ts';
import { DEMO_TAGS } from './demo-tags.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run admin', () => {
  it('grants and revokes SPEC roles', async () => {
    const u = await registerUser(t.app, t.dataDir);
    expect(await adminCommand(t.app.deps.db, ['grant-role', u.login, 'moderator'])).toEqual({
      code: 0,
      out: `${u.login}: moderator`,
    });
    expect((await t.app.inject({ url: `/api/user/${u.login}` })).json().roles).toEqual(['moderator']);
    expect((await adminCommand(t.app.deps.db, ['revoke-role', u.login, 'moderator'])).out).toBe(
      `${u.login}: (no roles)`,
    );
  });

  it('sets and unsets the verified and alpha badges, shown on the profile', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const db = t.app.deps.db;
    expect(await adminCommand(db, ['set-badge', u.login, 'verified'])).toEqual({
      code: 0,
      out: `${u.login}: (no roles); badges: verified`,
    });
    await adminCommand(db, ['set-badge', u.login, 'alpha']);
    await adminCommand(db, ['grant-role', u.login, 'admin']);
    const user = async () => (await t.app.inject({ url: `/api/user/${u.login}` })).json<User>();
    expect((await user()).badges).toEqual(['staff', 'verified', 'alpha']);
    expect((await adminCommand(db, ['unset-badge', u.login, 'verified'])).out).toBe(
      `${u.login}: admin; badges: staff, alpha`,
    );
    expect((await adminCommand(db, ['show', u.login])).out).toBe(`${u.login}: admin; badges: staff, alpha`);
    expect((await user()).badges).toEqual(['staff', 'alpha']);
  });

  it('refuses badges that follow roles, and unknown badges', async () => {
    const u = await registerUser(t.app, t.dataDir);
    // banned follows a ban, given in the admin area where it takes effect.
    for (const badge of ['staff', 'artist', 'subscriber', 'banned', 'wizard', undefined])
      expect(
        (await adminCommand(t.app.deps.db, ['set-badge', u.login, ...(badge ? [badge] : [])])).code,
      ).toBe(2);
    expect((await adminCommand(t.app.deps.db, ['unset-badge', 'no_such_user', 'alpha'])).code).toBe(1);
  });

  it('refuses unknown roles, commands and logins', async () => {
    expect((await adminCommand(t.app.deps.db, ['grant-role', 'x', 'wizard'])).code).toBe(2);
    expect((await adminCommand(t.app.deps.db, ['delete-everything', 'x'])).code).toBe(2);
    expect(await adminCommand(t.app.deps.db, ['show', 'no_such_user'])).toEqual({
      code: 1,
      out: 'No user with login "no_such_user".',
    });
  });
});

describe('demo seed', () => {
  it('creates the five demo accounts once, with passwords that sign in', async () => {
    const created = await seedDemo(t.app.deps.db);
    expect(created.map((c) => c.login)).toEqual([
      'demo_artist',
      'demo_client',
      'demo_admin',
      'demo_painter',
      'demo_spammer',
    ]);
    // Printed readably after start-up: a heading, one account a line with its password and roles,
    // and where to sign in, between rules (not one log entry of escaped newlines).
    const lines = demoAccountsBlock(created, 'http://localhost:3000/login');
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
    expect(lines).toContain('Demo accounts created. Their passwords are shown only this once:');
    for (const c of created)
      expect(
        lines.filter((l) => new RegExp(`^\\s+${c.login}\\s+password: ${c.password}`).test(l)),
      ).toHaveLength(1);
    expect(lines.find((l) => l.includes('demo_admin'))).toContain('(admin)');
    expect(lines).toContain('Sign in at http://localhost:3000/login');
    expect(demoAccountsBlock([], 'http://localhost:3000/login')).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'demo_artist', password: created[0]!.password },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['artist']);
    expect(await seedDemo(t.app.deps.db)).toEqual([]);
  });
});

describe('demo content', () => {
  it('gives a fresh instance posts with pictures, an open card and a request waiting for the artist', async () => {
    const fresh = await createTestApp();
    try {
      const created = await seedDemoWithContent(fresh.app.deps);
      const artist = created.find((c) => c.login === 'demo_artist')!;
      const feed = (await fresh.app.inject({ url: '/api/posts/filter?page=1' })).json<PostPage>();
      // The demo artist's two posts, the client's, and demo_painter's AI-assisted study (reported).
      expect(feed.items).toHaveLength(4);
      expect(feed.items.filter((p) => p.aiLabel === 'assisted').map((p) => p.owner.login)).toEqual([
        'demo_painter',
      ]);
      // The wiki is not empty: about 60 tags, with synonyms and parents, found by a synonym.
      const wiki = (await fresh.app.inject({ url: '/api/tags/take/1' })).json<{ total: number }>();
      // Anonymous readers are not shown NSFW tags (the wiki follows displayNSFW).
      expect(wiki.total).toBe(DEMO_TAGS.filter((tag) => tag.maturity !== 'NSFW').length);
      expect(DEMO_TAGS.length).toBeGreaterThanOrEqual(55);
      const refSheet = (await fresh.app.inject({ url: '/api/tag/get/ref_sheet' })).json<{ title: string }>();
      expect(refSheet.title).toBe('reference_sheet');
      const cat = (await fresh.app.inject({ url: '/api/tags/autocomplete?q=kitt' })).json<{
        items: { label: string }[];
      }>();
      expect(cat.items[0]?.label).toMatch(/^kitt(y|en) → cat$/);
      expect(feed.items.some((p) => p.attachedMedia.length === 2)).toBe(true);
      const cards = (await fresh.app.inject({ url: '/api/comissioncards/user/demo_artist' })).json();
      expect(cards).toHaveLength(1);
      // Public requests from the demo client (the hidden one is not listed), one with an application.
      const requests = (await fresh.app.inject({ url: '/api/request/get/filter?page=1' })).json<
        { title: string; privacy: string; applications: number; tags: unknown[] }[]
      >();
      expect(requests.map((r) => r.privacy)).toEqual(['public', 'public', 'public']);
      expect(requests.find((r) => r.applications === 1)?.title).toBe('My cat as a fantasy knight');
      expect(requests.every((r) => r.tags.length > 0)).toBe(true);
      // Galleries (decision 0017): two shown display cards on /artists, a parent tag finds the
      // painter's; the demo artist's folders, one Private (on their page, not in /gallery).
      const artists = (await fresh.app.inject({ url: '/api/artists' })).json<ArtistsPage>();
      expect(artists.items.map((a) => a.owner.login).sort()).toEqual(['demo_artist', 'demo_painter']);
      const byParent = (await fresh.app.inject({ url: '/api/artists?tags=animal' })).json<ArtistsPage>();
      expect(byParent.items.map((a) => a.owner.login)).toEqual(['demo_painter']);
      const folders = (await fresh.app.inject({ url: '/api/folders/user/demo_artist' })).json<UserFolders>();
      expect(folders.folders.map((f) => [f.folderName, f.privacy])).toEqual([
        ['Portraits', 'Public'],
        ['Creatures', 'Public'],
        ['Sketchbook', 'Private'],
      ]);
      expect(folders.images.every((i) => i.tags.length > 0)).toBe(true);
      const gallery = (await fresh.app.inject({ url: '/api/gallery' })).json<GalleryPage>();
      expect(gallery.items).toHaveLength(10);
      expect(gallery.items.every((i) => i.effectivePrivacy === 'Public')).toBe(true);
      expect(cards[0]).toMatchObject({
        title: 'Character portrait',
        startingPrice: 40,
        isCommissionsOpen: true,
      });

      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'demo_artist', password: artist.password },
        remoteAddress: '10.9.9.8',
      });
      const cookie = sessionCookie(login);
      const pending = await fresh.app.inject({
        url: '/api/comissionforms/artist/pending/demo_artist',
        headers: { cookie },
      });
      // Requests from two commissioners wait in Incoming, and orders of the same card sit at every
      // later step, each with its own brief and options, so the CRM lists show rows that differ.
      const groups = pending.json<{ sender: { login: string }; forms: { totalPrice: number }[] }[]>();
      expect(groups.map((g) => g.sender.login).sort()).toEqual(['demo_admin', 'demo_client']);
      expect(groups.find((g) => g.sender.login === 'demo_client')!.forms[0]).toMatchObject({
        totalPrice: 75,
        status: 'none',
      });
      const tasks = (
        await fresh.app.inject({ url: '/api/task/comissions/get/crm/demo_artist', headers: { cookie } })
      ).json<{ id: number; status: string; description: string; cardTitle: string }[]>();
      expect(tasks.map((t) => t.status).sort()).toEqual([
        'done',
        'finished',
        'none',
        'none',
        'processing',
        'processing',
        'waiting',
      ]);
      expect(new Set(tasks.map((t) => t.cardTitle)).size).toBe(1);
      expect(new Set(tasks.map((t) => t.description)).size).toBe(tasks.length);
      // The board: accepted orders on it by themselves, the one with a sketch in the artist's Sketch stage.
      const board = (await fresh.app.inject({ url: '/api/board', headers: { cookie } })).json<Board>();
      const where = (t: Board['tasks'][number]) => board.columns.find((c) => c.id === t.columnId)!.title;
      expect(board.columns.map((c) => c.title)).toEqual([
        'Accepted',
        'In progress',
        'Sketch',
        'Colour',
        'Awaiting approval',
        'Done',
      ]);
      expect(board.tasks.map((t) => [where(t), t.commission?.status ?? 'personal']).sort()).toEqual([
        ['Accepted', 'waiting'],
        ['Awaiting approval', 'finished'],
        ['Done', 'done'],
        ['In progress', 'personal'],
        ['In progress', 'processing'],
        ['Sketch', 'processing'],
      ]);
      expect(board.slots).toBe(5);
      // Money (decision 0020): the deposits of the accepted orders confirmed, the delivered order's
      // remainder asked for, the order to start past its due date with its deposit paid, and the done
      // order paid in full.
      const money = (await fresh.app.inject({ url: '/api/crm/money', headers: { cookie } })).json<{
        artist: {
          awaiting: { parts: { partName: string; status: string }[] };
          receivedThisMonth: { count: number };
          dueSoon: { cardTitle: string; overdue: boolean }[];
        };
      }>();
      expect(money.artist.awaiting.parts.map((p) => [p.partName, p.status])).toEqual([
        ['Remainder', 'requested'],
      ]);
      expect(money.artist.receivedThisMonth.count).toBe(6);
      expect(money.artist.dueSoon.filter((d) => d.overdue)).toHaveLength(1);
      // The sketch shared on the order in progress carries the client's comment (also in the chat).
      const sketched = tasks.find((t) => t.description.startsWith('A headshot of my rogue'))!;
      const order = (
        await fresh.app.inject({ url: `/api/order/${sketched.id}`, headers: { cookie } })
      ).json<OrderPage>();
      const wip = order.updates.find((u) => u.kind === 'wip')!;
      expect(wip.comments.map((c) => [c.author.login, c.message])).toEqual([
        ['demo_client', expect.stringContaining('Love the pose!')],
      ]);
      // A done order reviewed both ways, the client's review answered (decision 0023); the painter's
      // done order waits for its reviews.
      const reviews = (
        await fresh.app.inject({ url: '/api/reviews/user/demo_artist' })
      ).json<UserReviewsPage>();
      expect(reviews.asArtist).toEqual({ average: 5, count: 1 });
      expect(reviews.items[0]).toMatchObject({
        author: { login: 'demo_client' },
        answer: expect.any(String),
      });
      const rated = (await fresh.app.inject({ url: '/api/artists?sort=rating' })).json<ArtistsPage>();
      expect(rated.items.map((c) => [c.owner.login, c.rating?.average])).toEqual([
        ['demo_artist', 5],
        ['demo_painter', undefined],
      ]);
      const profile = (await fresh.app.inject({ url: '/api/user/demo_artist' })).json();
      expect(profile.userProfileStore.profilePicture).not.toBeNull();
      expect(profile.connectedSocials).toHaveLength(1);
      // Demo addresses are not real: the waiting request is not mailed, every kind stays on the site.
      const prefs = await fresh.app.inject({ url: '/api/notifications/preferences', headers: { cookie } });
      expect(new Set(Object.values(prefs.json()))).toEqual(new Set(['inApp']));
      // Demo chats: the working chat of their orders, and the admin's casual hello still unread.
      const rooms = async (kind: string) =>
        (await fresh.app.inject({ url: `/api/${kind}/paginated/get`, headers: { cookie } })).json<{
          items: { other: { login: string }; unreadMessages: number; lastMessage: string }[];
        }>().items;
      expect((await rooms('wchatrooms')).map((r) => r.other.login)).toEqual(['demo_client']);
      expect(await rooms('chatrooms')).toEqual([
        expect.objectContaining({
          other: expect.objectContaining({ login: 'demo_admin' }),
          unreadMessages: 1,
        }),
      ]);
      // The demo artist's application waits, unread, in the demo client's pending requests.
      const client = created.find((c) => c.login === 'demo_client')!;
      const clientLogin = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'demo_client', password: client.password },
        remoteAddress: '10.9.9.7',
      });
      const clientCookie = sessionCookie(clientLogin);
      const waiting = (
        await fresh.app.inject({ url: '/api/request/pending/get', headers: { cookie: clientCookie } })
      ).json<
        {
          request: { title: string };
          applications: { status: string; isRead: boolean; sender: { login: string } }[];
        }[]
      >();
      expect(waiting).toEqual([
        {
          request: expect.objectContaining({ title: 'My cat as a fantasy knight' }),
          applications: [
            expect.objectContaining({
              status: 'pending',
              isRead: false,
              sender: expect.objectContaining({ login: 'demo_artist' }),
            }),
          ],
        },
      ]);
      const own = (
        await fresh.app.inject({ url: '/api/request/owned/get', headers: { cookie: clientCookie } })
      ).json<{ privacy: string }[]>();
      expect(own.filter((r) => r.privacy === 'hidden')).toHaveLength(1);
      // The admin area (decision 0022): demo_spammer is suspended for a week and cannot sign in;
      // the audit log has the suspension and demo_artist's verified badge.
      const spammer = created.find((c) => c.login === 'demo_spammer')!;
      const refused = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'demo_spammer', password: spammer.password },
        remoteAddress: '10.9.9.6',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toContain('The same advert posted under every post.');
      const admin = created.find((c) => c.login === 'demo_admin')!;
      const adminLogin = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'demo_admin', password: admin.password },
        remoteAddress: '10.9.9.5',
      });
      const audit = (
        await fresh.app.inject({ url: '/api/admin/audit', headers: { cookie: sessionCookie(adminLogin) } })
      ).json<{ entries: { action: string; target: { login: string } }[] }>();
      expect(audit.entries.map((e) => [e.action, e.target.login])).toEqual([
        ['suspend', 'demo_spammer'],
        ['set_badge', 'demo_artist'],
      ]);
      // An open case waits in the report queue: the study reported as wrongly labelled.
      const cases = (
        await fresh.app.inject({ url: '/api/admin/cases', headers: { cookie: sessionCookie(adminLogin) } })
      ).json<{ cases: { targetKind: string; reasons: string[] }[] }>();
      expect(cases.cases.map((c) => [c.targetKind, c.reasons])).toEqual([['post', ['wrong_maturity']]]);
    } finally {
      await fresh.close();
    }
  });
});
