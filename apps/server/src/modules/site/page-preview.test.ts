import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@brushline/shared/posts/schemas';
import type { App } from '../../app.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { buildWebApp, createDist, PUBLIC_URL, removeDist } from '../../test/web-fixtures.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';

let t: TestApp;
let dist: string;
let web: App;
let artist: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  dist = await createDist();
  web = await buildWebApp(t, dist);
  artist = await registerArtist(t);
  reader = await registerUser(t.app, t.dataDir);
});
afterAll(async () => {
  await web.close();
  await removeDist(dist);
  await t.close();
});

/** The page as a chat's link unfurler gets it (no session), or as `cookie`'s owner. */
async function page(path: string, cookie?: string) {
  const res = await web.inject({ url: path, headers: cookie ? { cookie } : {} });
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(res.body)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
  return { status: res.statusCode, body: res.body, title, meta };
}

async function publish(maturity: string, postContent: string, attachedMedia: string[] = []) {
  const res = await call(t.app, 'POST', '/api/post', artist.cookie, { postContent, maturity, attachedMedia });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post>();
}

describe('link previews of profiles', () => {
  it('names the user and shows the avatar, every value escaped', async () => {
    const avatar = await uploadImage(t.app, artist.cookie, { purpose: 'avatar' });
    const name = `"><script>alert(1)</script> & 'Ann'`;
    const res = await call(t.app, 'PATCH', '/api/user/profile', artist.cookie, {
      displayName: name,
      avatarMediaId: avatar.id,
    });
    expect(res.statusCode, res.body).toBe(200);

    const p = await page(`/profile/${artist.login}/home`);
    expect(p.status).toBe(200);
    expect(p.body).not.toContain('<script>alert(1)');
    const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;Ann&#39;';
    expect(p.title).toBe(`${escaped} (@${artist.login}) · Brushline`);
    expect(p.meta('og:title')).toBe(`${escaped} (@${artist.login})`);
    expect(p.meta('og:type')).toBe('profile');
    expect(p.meta('og:url')).toBe(`${PUBLIC_URL}/profile/${artist.login}/home`);
    expect(p.meta('og:image')).toBe(`${PUBLIC_URL}/api/media/${avatar.id}/full`);
    expect(p.meta('twitter:card')).toBe('summary');
    // The head is rendered once, in place of the build's own title and description.
    expect(p.body.match(/<title>/g)).toHaveLength(1);
    expect(p.body.match(/name="description"/g)).toHaveLength(1);
    expect(p.body).not.toContain('Built description');
  });

  it('answers 404 with the plain page for a login nobody has', async () => {
    const p = await page('/profile/nobody_here_at_all/home');
    expect(p.status).toBe(404);
    expect(p.title).toBe('Page not found · Brushline');
    expect(p.meta('og:image')).toBeUndefined();
  });
});

describe('link previews of commission cards', () => {
  it('shows the title, starting price and thumbnail on both card pages', async () => {
    const thumb = await uploadImage(t.app, artist.cookie, { purpose: 'cardThumbnail' });
    const card = await createCard(t, artist, {
      title: 'Portrait <b>deluxe</b>',
      startingPrice: 25,
      thumbnailPicture: thumb.id,
    });
    for (const path of [`/commission/${card.uuid}`, `/comission-form/${card.uuid}`]) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.title).toBe('Portrait &lt;b&gt;deluxe&lt;/b&gt; · Brushline');
      expect(p.meta('og:description')).toMatch(/^Commission by .+, from \$25\.00\. Painted portraits$/);
      expect(p.meta('og:image')).toBe(`${PUBLIC_URL}${thumb.url}`);
      expect(p.meta('og:image:width')).toBe(String(thumb.width));
      expect(p.meta('og:image:height')).toBe(String(thumb.height));
    }
  });

  it('gives nothing of a closed card to anyone but its owner, and 404 for a missing one', async () => {
    const card = await createCard(t, artist, {
      title: 'Secret project',
      isOpenComission: false,
      isCommissionsOpen: false,
    });
    for (const cookie of [undefined, reader.cookie]) {
      const p = await page(`/commission/${card.uuid}`, cookie);
      expect(p.status).toBe(404);
      expect(p.body).not.toContain('Secret project');
    }
    const own = await page(`/commission/${card.uuid}`, artist.cookie);
    expect(own.status).toBe(200);
    expect(own.title).toBe('Secret project · Brushline');

    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await page(`/commission/${uuid}`)).status, uuid).toBe(404);
    }
  });
});

describe('link previews of posts', () => {
  it('shows the author, the first words and the first picture as a large card', async () => {
    const picture = await uploadImage(t.app, artist.cookie);
    const words = 'Colour study\n\tof  the harbour at dusk. '.concat('More words here. '.repeat(30));
    const post = await publish('sfw', words, [picture.id]);
    const p = await page(`/post/${post.id}`);
    expect(p.status).toBe(200);
    expect(p.meta('og:type')).toBe('article');
    const description = p.meta('og:description')!;
    expect(description.startsWith('Colour study of the harbour at dusk. More words')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(p.meta('og:image')).toBe(`${PUBLIC_URL}${picture.url}`);
    expect(p.meta('twitter:card')).toBe('summary_large_image');
  });

  it('never shows a questionable or nsfw post to an anonymous reader; 404 once deleted or malformed', async () => {
    const picture = await uploadImage(t.app, artist.cookie);
    const hidden = await publish('questionable', 'Hidden words', [picture.id]);
    const anonymous = await page(`/post/${hidden.id}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).not.toContain('Hidden words');
    expect(anonymous.body).not.toContain(picture.id);

    await call(t.app, 'PATCH', `/api/user/update/settings/id/${reader.id}`, reader.cookie, {
      displayNSFW: false,
      displayQuestionable: true,
      isArtist: false,
    });
    expect((await page(`/post/${hidden.id}`, reader.cookie)).meta('og:description')).toBe('Hidden words');

    const gone = await publish('sfw', 'Soon gone');
    await call(t.app, 'DELETE', `/api/post/delete/${gone.id}`, artist.cookie);
    for (const path of [`/post/${gone.id}`, '/post/0x10', `/post/%20${hidden.id}`]) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.title, path).toBe('Page not found · Brushline');
    }
  });
});

describe('pages with nothing of their own', () => {
  it('describe the site', async () => {
    const p = await page('/feed?x=1');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Brushline');
    expect(p.meta('og:url')).toBe(`${PUBLIC_URL}/feed`);
    expect(p.meta('og:description')).toBe('Brushline: an open marketplace for art commissions');
  });
});
