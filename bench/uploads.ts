// Upload fairness bench (decision 0011, the security review's image item): several big animated GIFs
// from 4 accounts at once, then a fifth user's tiny upload. Reports the tiny upload's time under that
// load as a ratio to its time alone on the idle server in the same run, and the CPU time of one
// animation at the pixel budget (MAX_ANIMATION_MEGAPIXELS). Real HTTP against the app listening on
// 127.0.0.1 (a port the kernel picks), embedded database in memory, media in a temporary DATA_DIR.
// `npm run bench:uploads`; exits non-zero when a target is missed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { startSession } from '../apps/server/src/platform/session.ts';

/** The review's load: 8 big animations from 4 accounts at once. */
const ACCOUNTS = 4;
const BIG_PER_ACCOUNT = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The tiny upload is sent this long after the big ones, when they are all being worked on. */
const TINY_DELAY_MS = 300;
/**
 * Targets. Under load the tiny upload shares 2 cores with the big encodes, so it cannot be as fast
 * as alone; it must not queue behind them (the review measured 38 s, several hundred times alone).
 */
const TINY_RATIO_MAX = 10;
const BUDGET_CPU_MS_MAX = 1200;

/** 100 frames of 240×250: 6.0 megapixels, exactly the animation budget. A block moves over a gradient. */
async function budgetGif(): Promise<Buffer> {
  const [width, height, count] = [240, 250, 100];
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 128;
    }
  const block = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fdfefe' } })
    .png()
    .toBuffer();
  const frames = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      sharp(gradient, { raw: { width, height, channels: 3 } })
        .composite([{ input: block, left: 10 + i * 18, top: 20 + i * 18 }])
        .png()
        .toBuffer(),
    ),
  );
  return sharp(
    Array.from({ length: count }, (_, i) => frames[i % frames.length]!),
    { join: { animated: true } },
  )
    .gif({ loop: 0, delay: 40 })
    .toBuffer();
}

const tinyPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function upload(base: string, cookie: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/gif' }), name);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/media?purpose=post`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`upload of ${name} answered ${res.status}: ${await res.text()}`);
  return ms;
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'brushline-uploads-bench-'));
  const database = await openDatabase({});
  await runMigrations(database);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDist: null,
    rateLimitPrefix: `bench-uploads-${process.pid}`,
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: ACCOUNTS + 1 }, (_, i) => ({
          login: `uploader_${i}`,
          email: `uploader_${i}@example.test`,
          displayName: `Uploader ${i}`,
          // Nobody signs in with a password here: sessions are started directly.
          passwordHash: 'not-a-password-hash',
        })),
      )
      .returning({ id: users.id });
    const cookies = await Promise.all(rows.map(async (r) => `sid=${await startSession(database.db, r.id)}`));
    const [fifth, ...loaders] = [cookies.at(-1)!, ...cookies.slice(0, ACCOUNTS)];
    const gif = await budgetGif();
    const tiny = await tinyPng();
    const meta = await sharp(gif, { animated: true }).metadata();
    console.log(
      `image pool: ${config.IMAGE_WORKERS} slot(s) + 1 express; big upload: ${meta.pages} frames of ${meta.width}×${meta.pageHeight} (${((meta.width! * meta.height!) / 1e6).toFixed(1)} Mpx, ${(gif.length / 1024).toFixed(0)} kB)`,
    );

    // Warm-up: first uses of sharp and of the route.
    await upload(base, fifth, tiny, 'tiny.png');
    await upload(base, fifth, gif, 'big.gif');

    // CPU of one budget-sized animation on the idle server (the bench's own HTTP client included).
    const cpu: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const before = process.cpuUsage();
      await upload(base, loaders[i % ACCOUNTS]!, gif, 'big.gif');
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const cpuMs = median(cpu);
    console.log(
      `  one animation at the budget: ${cpuMs.toFixed(0)} ms CPU (median of ${cpu.map((c) => c.toFixed(0)).join(', ')})`,
    );

    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const alone: number[] = [];
      for (let i = 0; i < 5; i += 1) alone.push(await upload(base, fifth, tiny, 'tiny.png'));
      const aloneMs = median(alone);
      const t0 = performance.now();
      const big = loaders.flatMap((cookie) =>
        Array.from({ length: BIG_PER_ACCOUNT }, () =>
          upload(base, cookie, gif, 'big.gif').then(() => performance.now() - t0),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, TINY_DELAY_MS));
      const loadedMs = await upload(base, fifth, tiny, 'tiny.png');
      const bigDone = await Promise.all(big);
      const ratio = loadedMs / aloneMs;
      ratios.push(ratio);
      console.log(
        `  round ${round}: tiny upload alone ${aloneMs.toFixed(0)} ms, behind ${big.length} big ones ${loadedMs.toFixed(0)} ms (${ratio.toFixed(1)}x); the big ones took ${(Math.min(...bigDone) / 1000).toFixed(1)}–${(Math.max(...bigDone) / 1000).toFixed(1)} s`,
      );
    }
    const ratio = median(ratios);
    const ratioOk = ratio <= TINY_RATIO_MAX;
    const cpuOk = cpuMs <= BUDGET_CPU_MS_MAX;
    console.log(
      `\ntiny upload under load / alone: ${ratio.toFixed(1)}x (target ≤ ${TINY_RATIO_MAX}x) ${ratioOk ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `CPU of one animation at the budget: ${cpuMs.toFixed(0)} ms (target ≤ ${BUDGET_CPU_MS_MAX} ms) ${cpuOk ? 'met' : 'NOT MET'}`,
    );
    if (!ratioOk || !cpuOk) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
