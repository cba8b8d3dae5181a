// `npm run bench:lighthouse`: Lighthouse 12's mobile preset (simulated slow 4G, 4× CPU slowdown)
// on the feed, a profile and a commission page of a seeded server; the median of BENCH_RUNS runs
// per page. Exits non-zero when a target of decision 0008 is missed.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, startBenchServer } from './web-server.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseBin = fileURLToPath(new URL('../node_modules/.bin/lighthouse', import.meta.url));
const TARGET = { performance: 90, cls: 0.1 };

interface Audit {
  numericValue?: number;
  details?: { overallSavingsBytes?: number; items?: { node?: { snippet?: string }; score?: number }[] };
}
interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit | undefined>;
  runtimeError?: { message: string };
}

interface Scores {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  textCompressionKiB: number;
  shifts: string[];
}

async function lighthouseReport(url: string): Promise<Report> {
  const { stdout } = await promisify(execFile)(
    lighthouseBin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as Report;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return report;
}

/**
 * One run; again (up to twice) when Lighthouse itself lost the trace ("NO_NAVSTART", which it
 * says to answer by running again): a broken recording is not a measurement of the page.
 */
async function lighthouse(url: string): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return scores(await lighthouseReport(url));
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('NO_NAVSTART')) throw err;
      console.log(`  (Lighthouse lost the trace of ${url}; running it again)`);
    }
  }
}

function scores(report: Report): Scores {
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    textCompressionKiB: (report.audits['uses-text-compression']?.details?.overallSavingsBytes ?? 0) / 1024,
    // What moved, for finding the cause of a layout shift.
    shifts: (report.audits['layout-shifts']?.details?.items ?? [])
      .map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.snippet ?? '(unknown node)'}`)
      .slice(0, 3),
  };
}

const server = await startBenchServer();
let missed = false;
try {
  console.log(`Lighthouse 12, mobile preset, median of ${runs} run(s) per page, ${server.url}`);
  console.log('page        perf   LCP ms   TBT ms    CLS   FCP ms   text-compression KiB');
  for (const page of server.pages) {
    const all: Scores[] = [];
    for (let i = 0; i < runs; i++) all.push(await lighthouse(`${server.url}${page.path}`));
    const m = (key: keyof Omit<Scores, 'shifts'>) => median(all.map((s) => s[key]));
    const [perf, cls] = [m('performance'), m('cls')];
    console.log(
      `${page.name.padEnd(10)} ${String(perf).padStart(5)} ${m('lcp').toFixed(0).padStart(8)} ` +
        `${m('tbt').toFixed(0).padStart(8)} ${cls.toFixed(3).padStart(6)} ${m('fcp').toFixed(0).padStart(8)} ` +
        `${m('textCompressionKiB').toFixed(0).padStart(22)}   ${page.path}`,
    );
    const shifts = all.flatMap((s) => s.shifts);
    if (cls > 0.01 && shifts.length > 0)
      console.log(`           shifts: ${[...new Set(shifts)].join(' | ')}`);
    if (perf < TARGET.performance || cls > TARGET.cls) missed = true;
  }
  console.log(
    `targets: Performance >= ${TARGET.performance}, CLS <= ${TARGET.cls} on every page: ${missed ? 'MISSED' : 'met'}`,
  );
} finally {
  await server.stop();
}
if (missed) process.exitCode = 1;
