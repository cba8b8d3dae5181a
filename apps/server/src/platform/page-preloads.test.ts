import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANNER_NARROW_MEDIA,
  BANNER_WIDE_MEDIA,
  CARD_THUMBNAIL_SIZES,
} from '@brushline/shared/media/responsive';
import type { Media } from '@brushline/shared/media/schemas';
import type { Post } from '@brushline/shared/posts/schemas';
import type { App } from '../app.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { uploadImage } from '../test/media-fixtures.ts';
import { createCard, registerArtist } from '../test/kit.ts';
import { buildWebApp, createDist, removeDist } from '../test/web-fixtures.ts';
import { registerErrorHandling } from './errors.ts';
import { imagePreloads, PAGE_MODULES, pageChunks } from './page-preloads.ts';
import { registerWeb } from './web.ts';

/** A build manifest as Vite writes it: an entry, two lazy pages, chunks shared among them. */
const manifest = {
  'index.html': { file: 'assets/index-a1b2.js', isEntry: true, imports: ['_framework.js', '_Box.js'] },
  '_framework.js': { file: 'assets/framework-f1.js' },
  '_Box.js': { file: 'assets/Box-b1.js', imports: ['_framework.js'] },
  '_Card.js': { file: 'assets/Card-c1.js', imports: ['_Box.js'] },
  '_post-list.js': { file: 'assets/post-list-p1.js', imports: ['_Card.js', 'index.html'] },
  'src/features/posts/pages/feed-page.tsx': {
    file: 'assets/feed-page-e1.js',
    isDynamicEntry: true,
    imports: ['_framework.js', 'index.html', '_post-list.js'],
    dynamicImports: ['src/features/posts/components/post-creator.tsx'],
  },
  'src/features/posts/components/post-creator.tsx': {
    file: 'assets/post-creator-9.js',
    imports: ['_Card.js'],
  },
  'src/features/users/pages/profile-home-page.tsx': {
    file: 'assets/profile-home-page-h1.js',
    imports: ['_Card.js'],
  },
};

describe('pageChunks', () => {
  it('is the page’s chunk and what it imports statically, less what index.html loads already', () => {
    expect(pageChunks(manifest, 'src/features/posts/pages/feed-page.tsx')).toEqual([
      'assets/feed-page-e1.js',
      'assets/post-list-p1.js',
      'assets/Card-c1.js',
    ]);
    // Lazy parts of a page (the creator) come later, when the page asks for them.
    expect(pageChunks(manifest, 'src/features/users/pages/profile-home-page.tsx')).toEqual([
      'assets/profile-home-page-h1.js',
      'assets/Card-c1.js',
    ]);
    expect(pageChunks(manifest, 'src/nowhere.tsx')).toEqual([]);
  });
});

describe('pages with their scripts named up front', () => {
  let dist: string;
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    dist = await createDist();
    await mkdir(join(dist, '.vite'));
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    registerErrorHandling(app);
    await registerWeb(app, { dist, publicUrl: 'https://art.example' });
  });
  afterAll(async () => {
    await app.close();
    await removeDist(dist);
  });
  const links = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

  it('names the feed’s chunks in the head of /feed and /hub/feed, before the entry script', async () => {
    for (const url of ['/feed', '/hub/feed/', '/feed?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(links(res.body), url).toEqual([
        '/assets/feed-page-e1.js',
        '/assets/post-list-p1.js',
        '/assets/Card-c1.js',
      ]);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head.indexOf('feed-page-e1.js')).toBeLessThan(head.indexOf('src="/assets/index-a1b2.js"'));
    }
    expect(links((await app.inject({ url: '/profile/ann/home' })).body)).toEqual([
      '/assets/profile-home-page-h1.js',
      '/assets/Card-c1.js',
    ]);
  });

  it('names none for other screens, unknown paths, or a build without a manifest', async () => {
    for (const url of ['/login', '/crm/pending/new', '/nope', '/feed/extra']) {
      expect(links((await app.inject({ url })).body), url).toEqual([]);
    }
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    const plain = await createDist();
    await registerWeb(bare, { dist: plain, publicUrl: 'https://art.example' });
    try {
      const res = await bare.inject({ url: '/feed' });
      expect(res.statusCode).toBe(200);
      expect(links(res.body)).toEqual([]);
    } finally {
      await bare.close();
      await removeDist(plain);
    }
  });

  it('never serves the manifest itself', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

describe('PAGE_MODULES', () => {
  it('names page modules that exist and that the web app’s routes load on demand', () => {
    const web = join(import.meta.dirname, '../../../web');
    const routes = ['posts', 'users', 'orders']
      .map((f) =>
        [`${web}/src/features/${f}/routes.ts`, `${web}/src/features/${f}/routes.tsx`].find(existsSync)!,
      )
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const [name, module] of Object.entries(PAGE_MODULES)) {
      expect(existsSync(join(web, module)), `${name}: ${module}`).toBe(true);
      const page = module
        .split('/')
        .slice(-2)
        .join('/')
        .replace(/\.tsx$/, '');
      expect(routes, `${name}: ${module}`).toContain(`import('./${page}.tsx')`);
    }
  });
});

describe('pictures fetched with the page', () => {
  let t: TestApp;
  let dist: string;
  let web: App;
  beforeAll(async () => {
    t = await createTestApp();
    dist = await createDist();
    web = await buildWebApp(t, dist);
  });
  afterAll(async () => {
    await web.close();
    await removeDist(dist);
    await t.close();
  });
  const pictures = (html: string) =>
    [
      ...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*?( fetchpriority="high")? \/>/g),
    ].map((m) => `${m[1]}${m[2] ? ' high' : ''}`);

  it('are the first picture of each of the feed’s top posts as this reader sees them, and a post’s', async () => {
    const author = await registerUser(t.app, t.dataDir);
    const reader = await registerUser(t.app, t.dataDir);
    const setNsfw = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${reader.id}`,
      headers: { cookie: reader.cookie },
      payload: { displayNSFW: true, displayQuestionable: false, isArtist: false },
    });
    expect(setNsfw.statusCode).toBe(200);
    // Small pictures: no bigger than their miniatures, so the cards offer no srcset to choose from.
    const [a, b, c, d, e] = (await Promise.all(
      [1, 2, 3, 4, 5].map(() => uploadImage(t.app, author.cookie)),
    )) as [Media, Media, Media, Media, Media];
    const publish = async (maturity: string, media: { id: string }[], postContent = '') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/post',
        headers: { cookie: author.cookie },
        payload: { postContent, maturity, attachedMedia: media.map((m) => m.id) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Post>();
    };
    // Oldest first; the feed shows them newest first.
    await publish('sfw', [e]);
    const withA = await publish('sfw', [a]);
    await publish('nsfw', [b]);
    await publish('sfw', [], 'words only');
    await publish('sfw', [c, d]);

    const anonymous = await web.inject({ url: '/feed' });
    expect(pictures(anonymous.body)).toEqual([`${c.miniatureUrl} high`, a.miniatureUrl]);
    const signedIn = await web.inject({ url: '/hub/feed', headers: { cookie: reader.cookie } });
    expect(pictures(signedIn.body)).toEqual([`${c.miniatureUrl} high`, b.miniatureUrl]);
    expect(pictures((await web.inject({ url: `/post/${withA.id}` })).body)).toEqual([
      `${a.miniatureUrl} high`,
    ]);
    for (const url of ['/login', '/profile/nobody/home', '/post/999999', '/nope'])
      expect(pictures((await web.inject({ url })).body), url).toEqual([]);
  });

  it('are the thumbnails of a profile’s first two open cards, newest first', async () => {
    const artist = await registerArtist(t);
    const [one, two, three] = (await Promise.all(
      [1, 2, 3].map(() => uploadImage(t.app, artist.cookie, { purpose: 'cardThumbnail' })),
    )) as [Media, Media, Media];
    // Oldest first; the profile lists them newest first. A closed card is not listed.
    await createCard(t, artist, { thumbnailPicture: one.id });
    await createCard(t, artist, { thumbnailPicture: null });
    await createCard(t, artist, { thumbnailPicture: two.id });
    await createCard(t, artist, {
      thumbnailPicture: three.id,
      isOpenComission: false,
      isCommissionsOpen: false,
    });
    const profile = await web.inject({ url: `/profile/${artist.login}/home` });
    expect(pictures(profile.body)).toEqual([`${two.miniatureUrl} high`]);
    await createCard(t, artist, { thumbnailPicture: three.id });
    const again = await web.inject({ url: `/profile/${artist.login.toUpperCase()}/home` });
    expect(pictures(again.body)).toEqual([`${three.miniatureUrl} high`, two.miniatureUrl]);
    // With the sizes the profile's <img> has (CARD_THUMBNAIL_SIZES), so the browser picks the same file.
    expect(again.body).toContain(`imagesizes="${CARD_THUMBNAIL_SIZES}"`);

    // A banner comes first: its miniature on a phone, the full picture wider, as the header's <picture>.
    const banner = await uploadImage(t.app, artist.cookie, { purpose: 'banner' });
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: artist.cookie },
      payload: { bannerMediaId: banner.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    const withBanner = (await web.inject({ url: `/profile/${artist.login}/home` })).body;
    expect(pictures(withBanner)).toEqual([
      `${banner.miniatureUrl} high`,
      `${banner.url} high`,
      three.miniatureUrl,
      two.miniatureUrl,
    ]);
    expect(withBanner).toContain(
      `<link rel="preload" as="image" href="${banner.miniatureUrl}" media="${BANNER_NARROW_MEDIA}" fetchpriority="high" />`,
    );
    expect(withBanner).toContain(
      `<link rel="preload" as="image" href="${banner.url}" media="${BANNER_WIDE_MEDIA}" fetchpriority="high" />`,
    );
  });

  it('are left out, not the page, when they cannot be read', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    await registerWeb(bare, {
      dist,
      publicUrl: 'https://art.example',
      firstPictures: () => Promise.reject(new Error('connection refused')),
    });
    try {
      const res = await bare.inject({ url: '/feed' });
      expect(res.statusCode).toBe(200);
      expect(pictures(res.body)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('carry the <img>’s srcset and sizes, so the browser picks the same file; escaped like the rest', () => {
    expect(
      imagePreloads([
        { src: '/m/1', srcSet: '/m/1 480w, /f/1 1200w', sizes: '(max-width: 40em) 100vw, 640px' },
        { src: '/a"b<c>' },
      ]),
    ).toBe(
      '<link rel="preload" as="image" href="/m/1" imagesrcset="/m/1 480w, /f/1 1200w" ' +
        'imagesizes="(max-width: 40em) 100vw, 640px" fetchpriority="high" />\n    ' +
        '<link rel="preload" as="image" href="/a&quot;b&lt;c&gt;" />',
    );
  });
});
