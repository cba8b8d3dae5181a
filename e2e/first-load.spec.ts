import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

// A first visit on a phone (decision 0008): what the page names in its head is what the app then uses,
// the header is there before any script, and nothing on screen moves while the data arrives.
// Layout is checked here, never timing: the timings are bench/lighthouse.ts's and bench/slow-4g.ts's.

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(request: APIRequestContext, buffer: Buffer, purpose = 'post') {
  const res = await request.post(`/api/media?purpose=${purpose}`, {
    multipart: { file: { name: 'art.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: string; miniatureUrl: string; url: string };
}

/** An artist with an open card and three posts with pictures, the newest of the whole feed. */
async function artistWithPosts(request: APIRequestContext) {
  const ann = await registerByApi(request, 'first');
  const settings = await request.patch(`/api/user/update/settings/id/${ann.id}`, {
    data: { id: ann.id, displayNSFW: false, displayQuestionable: false, isArtist: true },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const thumbnail = await upload(request, await picture(305, 380, '#16a085'), 'cardThumbnail');
  const card = await request.post('/api/commissioncard/create', {
    data: {
      title: 'Portrait',
      infoProvidedByTheAuthor: 'Painted portraits',
      startingPrice: 20,
      sections: [
        {
          key: 'size',
          title: 'Size',
          type: 'radio',
          options: [{ key: 'bust', option: 'Bust', price: 0, additional: '', order: 0 }],
        },
      ],
      cardBanner: null,
      thumbnailPicture: thumbnail.id,
      isOpenComission: true,
      isCommissionsOpen: true,
    },
  });
  expect(card.status(), await card.text()).toBe(200);
  const pictures: { miniatureUrl: string }[] = [];
  for (const [i, sizes] of [
    [[1200, 1600]],
    [[1600, 900]],
    [
      [800, 800],
      [800, 800],
    ],
  ].entries()) {
    const media = [];
    for (const [w, h] of sizes as [number, number][])
      media.push(await upload(request, await picture(w, h, ['#8e44ad', '#2980b9', '#c0392b'][i]!)));
    pictures.push(media[0]!);
    const post = await request.post('/api/post', {
      data: { postContent: `Sketch ${i + 1}`, maturity: 'sfw', attachedMedia: media.map((m) => m.id) },
    });
    expect(post.status(), await post.text()).toBe(200);
  }
  // Newest first, as the feed shows them.
  return { login: ann.login, firstPictures: pictures.reverse().map((p) => p.miniatureUrl) };
}

/** Every layout shift not caused by input, from the start of the page, as the browser reports it. */
const recordShifts = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });`;

/** A phone on a slow connection (Lighthouse's slow 4G), so the page's parts arrive one by one. */
async function slowPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript({ content: recordShifts });
  return { context, page };
}

async function shiftsAfterLoad(page: Page): Promise<number> {
  await expect(page.getByRole('article').first()).toBeVisible();
  // Every picture on screen has arrived and been laid out.
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => img.getBoundingClientRect().top < innerHeight)
          .every((img) => img.complete),
      ),
    )
    .toBe(true);
  // Two frames: whatever the last picture changed has been laid out and reported as a shift.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => (globalThis as unknown as { __shifts: number[] }).__shifts);
  return shifts.reduce((a, b) => a + b, 0);
}

test('the feed names its data, first pictures and scripts in its head, and the app uses each once', async ({
  browser,
  request,
}) => {
  const { firstPictures } = await artistWithPosts(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const html = await (await page.request.get('/feed')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloaded = (as: string) =>
    [...head.matchAll(new RegExp(`<link rel="preload" as="${as}"[^>]* href="([^"]+)"`, 'g'))].map(
      (m) => m[1],
    );
  expect(preloaded('fetch')).toEqual(['/api/sessioncheck', '/api/posts/filter']);
  expect(preloaded('image')).toEqual(firstPictures);
  expect(head).toMatch(/<link rel="preload" as="image" href="[^"]+"[^>]* fetchpriority="high"/);
  expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/feed-page-[^"]+\.js"/);

  const requests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname + url.search);
  });
  await page.goto('/feed');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A preload the app did not take would show as a second request for the same URL.
  const twice = requests.filter((url, i) => requests.indexOf(url) !== i);
  expect(twice).toEqual([]);
  for (const url of ['/api/sessioncheck', '/api/posts/filter', ...firstPictures])
    expect(requests).toContain(url);
  // After the request count: the other width may fetch other picture sizes.
  await checkA11y(page, 'feed with pictures, first load');
  await context.close();
});

test('the header is on screen before any script has run', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/feed');
  await expect(page.locator('header').getByText('Brushline')).toBeVisible();
  await context.close();
});

test('nothing moves on a phone while the feed and a profile load over a slow connection', async ({
  browser,
  request,
}) => {
  const { login } = await artistWithPosts(request);
  for (const path of ['/feed', `/profile/${login}/home`]) {
    const { context, page } = await slowPhone(browser);
    await page.goto(path);
    if (path !== '/feed') await expect(page.getByRole('heading', { name: 'Commissions' })).toBeVisible();
    // Lighthouse's limit for a good page is 0.1; these pages have room to spare, or something moved.
    expect(await shiftsAfterLoad(page), path).toBeLessThan(0.02);
    await context.close();
  }
});
