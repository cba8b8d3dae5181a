import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uploadTooLargeMessage } from '@brushline/shared/media/messages';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { multipartBody, pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { grantRole } from '../users/users.repo.ts';
import { MAX_ANIMATION_FRAMES, MAX_ANIMATION_PIXELS, MEDIA_BOXES } from '@brushline/shared/media/constants';
import { animationTooLargeMessage, tooManyFramesMessage } from '@brushline/shared/media/messages';
import {
  animatedGifBytes,
  blankHugePng,
  exifJpegBytes,
  forgedHugePng,
  jpegBytes,
  manyFramesGifBytes,
  mediaRowCount,
  noisePng,
  webpBytes,
} from './media.test-fixtures.ts';

const MB = 1024 * 1024;
let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const post = (
  bytes: Buffer,
  opts: { filename?: string; contentType?: string; cookie?: string; purpose?: string } = {},
) => {
  const body = multipartBody(bytes, opts);
  return t.app.inject({
    method: 'POST',
    url: `/api/media?purpose=${opts.purpose ?? 'post'}`,
    headers: { ...body.headers, ...(opts.cookie === '' ? {} : { cookie: opts.cookie ?? ann.cookie }) },
    payload: body.payload,
  });
};

/** The stored bytes of a variant, fetched the way a browser would. */
async function fetchVariant(m: Media, variant: 'full' | 'miniature' = 'full') {
  const res = await t.app.inject({ url: variant === 'full' ? m.url : m.miniatureUrl });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Runs a refused upload and checks it left no file and no row behind. */
async function expectRefused(send: () => ReturnType<typeof post>, status: number, message: string) {
  const files = await t.storedFiles();
  const rows = await mediaRowCount(t.app);
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json().error.message).toBe(message);
  expect(await t.storedFiles()).toEqual(files);
  expect(await mediaRowCount(t.app)).toBe(rows);
}

describe('POST /api/media: good images', () => {
  it('stores a PNG as WebP, with its size, two public URLs and the owner recorded', async () => {
    const m = await uploadImage(t.app, ann.cookie, { bytes: await pngBytes(64, 48) });
    expect(m).toMatchObject({ width: 64, height: 48, mime: 'image/webp', purpose: 'post' });
    expect(m.url).toBe(`/api/media/${m.id}/full`);
    expect(m.miniatureUrl).toBe(`/api/media/${m.id}/miniature`);
    expect((await sharp(await fetchVariant(m)).metadata()).format).toBe('webp');
    const row = await t.app.deps.db.query.media.findFirst({ where: (x, { eq }) => eq(x.id, m.id) });
    expect(row?.ownerId).toBe(ann.id);
    expect(row?.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
  });

  it('keeps a JPEG a JPEG and turns a WebP into WebP', async () => {
    const jpeg = await uploadImage(t.app, ann.cookie, { bytes: await jpegBytes(), filename: 'a.jpg' });
    expect(jpeg.mime).toBe('image/jpeg');
    expect((await sharp(await fetchVariant(jpeg)).metadata()).format).toBe('jpeg');
    const webp = await uploadImage(t.app, ann.cookie, { bytes: await webpBytes(), filename: 'a.webp' });
    expect(webp).toMatchObject({ mime: 'image/webp', width: 64, height: 48 });
  });

  it('keeps an animated GIF animated (as animated WebP), full size and miniature', async () => {
    const m = await uploadImage(t.app, ann.cookie, {
      bytes: await animatedGifBytes(60, 40),
      filename: 'a.gif',
    });
    expect(m).toMatchObject({ mime: 'image/webp', width: 60, height: 40 });
    for (const variant of ['full', 'miniature'] as const) {
      const meta = await sharp(await fetchVariant(m, variant), { animated: true }).metadata();
      expect(meta.pages).toBe(3);
    }
  });

  it('judges the bytes, not the name: PNG bytes called .jpg are stored as the PNG they are', async () => {
    const res = await post(await pngBytes(), { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().mime).toBe('image/webp');
  });

  it('applies the EXIF orientation, then drops EXIF and GPS', async () => {
    const original = await exifJpegBytes();
    // The fixture really carries EXIF (orientation and GPS), so dropping it below means something.
    expect((await sharp(original).metadata()).exif?.length).toBeGreaterThan(0);
    const m = await uploadImage(t.app, ann.cookie, { bytes: original, filename: 'gps.jpg' });
    // 80×40 turned a quarter: the stored picture stands upright.
    expect(m).toMatchObject({ width: 40, height: 80 });
    for (const variant of ['full', 'miniature'] as const) {
      const stored = await fetchVariant(m, variant);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('secret-owner')).toBe(false);
    }
  });

  it('crops an avatar to exactly 400×400 with a 96×96 miniature, and a banner to 1500×500', async () => {
    const avatar = await uploadImage(t.app, ann.cookie, {
      bytes: await pngBytes(900, 300),
      purpose: 'avatar',
    });
    expect(avatar).toMatchObject({ width: 400, height: 400, purpose: 'avatar' });
    const mini = await sharp(await fetchVariant(avatar, 'miniature')).metadata();
    expect([mini.width, mini.height]).toEqual([96, 96]);
    const banner = await uploadImage(t.app, ann.cookie, {
      bytes: await jpegBytes(300, 300),
      purpose: 'banner',
    });
    expect(banner).toMatchObject({ width: 1500, height: 500 });
  });

  it('fits a post inside its box without enlarging, and makes a smaller miniature', async () => {
    const m = await uploadImage(t.app, ann.cookie, { bytes: await jpegBytes(1600, 800) });
    expect(m).toMatchObject({ width: 1600, height: 800 });
    const mini = await sharp(await fetchVariant(m, 'miniature')).metadata();
    expect([mini.width, mini.height]).toEqual([640, 320]);
  });
});

describe('POST /api/media: refused uploads change nothing', () => {
  it('refuses text dressed as an image with 400', async () => {
    const text = Buffer.from('just some words, definitely not pixels\n'.repeat(20));
    await expectRefused(
      () => post(text, { filename: 'cat.png', contentType: 'image/png' }),
      400,
      messages.notAnImage,
    );
  });

  it('refuses a truncated image and a known magic number with junk after it', async () => {
    const png = await pngBytes(300, 300);
    await expectRefused(() => post(png.subarray(0, 60)), 400, messages.notAnImage);
    const junk = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 7)]);
    await expectRefused(() => post(junk, { filename: 'a.gif' }), 400, messages.notAnImage);
  });

  it('refuses decompression bombs (too many pixels) with 400', async () => {
    await expectRefused(async () => post(await forgedHugePng()), 400, messages.imageTooLarge);
    await expectRefused(async () => post(await blankHugePng()), 400, messages.imageTooLarge);
  });

  it('refuses animations with more frames than the limit before re-encoding them', async () => {
    const gif = await manyFramesGifBytes(MAX_ANIMATION_FRAMES + 1);
    expect(gif.length).toBeLessThan(100 * 1024);
    const started = Date.now();
    await expectRefused(() => post(gif, { filename: 'loop.gif' }), 400, tooManyFramesMessage);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an animation over the pixel budget that passes every other cap, and takes one at the budget', async () => {
    // 100 frames of 250×256: 6.4 megapixels in all, far under the 64-megapixel and 1000-frame caps.
    const over = await manyFramesGifBytes(100, 250, 256);
    expect(250 * 256 * 100).toBeGreaterThan(MAX_ANIMATION_PIXELS);
    await expectRefused(() => post(over, { filename: 'loop.gif' }), 400, animationTooLargeMessage);
    expect(animationTooLargeMessage).toBe(
      'This animation is too large to process: its frames together have more than 6 megapixels. Please use fewer frames or a smaller size',
    );

    // 100 frames of 240×250 is exactly the budget: stored, still animated, every frame kept.
    expect(240 * 250 * 100).toBe(MAX_ANIMATION_PIXELS);
    const res = await post(await manyFramesGifBytes(100, 240, 250), { filename: 'loop.gif' });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(await fetchVariant(res.json<Media>()), { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 100, 240, 250]);
  });

  it('counts the stored size of frames a fixed box enlarges: tiny frames as a banner are refused', async () => {
    // 20 frames of 4×4 are nothing as a post, but a banner stores every frame at 1500×500.
    const gif = await manyFramesGifBytes(20);
    const banner = MEDIA_BOXES.banner;
    expect(20 * banner.width * banner.height).toBeGreaterThan(MAX_ANIMATION_PIXELS);
    await expectRefused(
      () => post(gif, { filename: 'loop.gif', purpose: 'banner' }),
      400,
      animationTooLargeMessage,
    );
    const asPost = await post(gif, { filename: 'loop.gif' });
    expect(asPost.statusCode).toBe(200);
  });

  it('refuses a file over the default 10 MB with 413 naming the limit', async () => {
    const big = await noisePng(2000, 1900);
    expect(big.length).toBeGreaterThan(10 * MB);
    expect(uploadTooLargeMessage(10 * MB)).toBe(
      'This file is larger than 10 MB, the upload limit of your account',
    );
    await expectRefused(() => post(big), 413, uploadTooLargeMessage(10 * MB));
    // One byte over, so the declared length passes and the streaming limit has to catch it.
    await expectRefused(() => post(Buffer.alloc(10 * MB + 1, 1)), 413, uploadTooLargeMessage(10 * MB));
  });

  it('lets a tier-3 subscriber upload more than 10 MB', async () => {
    const sub = await registerUser(t.app, t.dataDir);
    await grantRole(t.app.deps.db, sub.id, 'subscriber-tier-3');
    const big = await noisePng(2000, 1900);
    const res = await post(big, { cookie: sub.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 2000, height: 1900 });
  });

  it('answers 401 to anonymous uploads and 400 without a file or with a bad purpose', async () => {
    await expectRefused(async () => post(await pngBytes(), { cookie: '' }), 401, messages.unauthorized);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { cookie: ann.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('no_file');
    const other = multipartBody(await pngBytes(), { field: 'picture' });
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...other.headers, cookie: ann.cookie },
      payload: other.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    const badPurpose = await post(await pngBytes(), { purpose: 'wallpaper' });
    expect(badPurpose.statusCode).toBe(400);
  });
});

describe('GET /api/media/{id}/{variant}', () => {
  it('serves the bytes with their type, nosniff, an immutable cache and a CSP that runs nothing', async () => {
    const m = await uploadImage(t.app, ann.cookie);
    const res = await t.app.inject({ url: m.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-disposition': 'inline',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const mini = await t.app.inject({ url: m.miniatureUrl });
    expect(mini.statusCode).toBe(200);
    expect(mini.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 JSON for unknown ids and 400 for malformed ids and unknown variants', async () => {
    const res = await t.app.inject({ url: '/api/media/00000000-0000-4000-8000-000000000000/full' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await t.app.inject({ url: '/api/media/not-a-uuid/miniature' })).statusCode).toBe(400);
    const m = await uploadImage(t.app, ann.cookie);
    expect((await t.app.inject({ url: `/api/media/${m.id}/original` })).statusCode).toBe(400);
  });
});
