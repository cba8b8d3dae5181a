import { readFile, stat } from 'node:fs/promises';
import { matchPath, type PathName } from '@brushline/shared/paths';
import { escapeHtml } from './pages.ts';

/** One chunk of Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The page module (a key of Vite's manifest: its source path in apps/web) each screen renders
 * first, for the screens people arrive at from outside: the feed, a post, a profile, a commission
 * card. apps/web's routes load these on demand (`lazy`); page-preloads.test.ts holds this table to
 * them. Screens not listed load their page as before, after the entry has run.
 */
export const PAGE_MODULES: Partial<Record<PathName, string>> = {
  feed: 'src/features/posts/pages/feed-page.tsx',
  hubFeed: 'src/features/posts/pages/feed-page.tsx',
  post: 'src/features/posts/pages/post-page.tsx',
  profileHome: 'src/features/users/pages/profile-home-page.tsx',
  commission: 'src/features/orders/pages/commission-page.tsx',
  commissionForm: 'src/features/orders/pages/commission-page.tsx',
};

/** The screen a pathname opens; null for none, and for a malformed %-escape (no screen is spelled so). */
function screenOf(pathname: string): ReturnType<typeof matchPath> {
  try {
    return matchPath(pathname);
  } catch {
    return null;
  }
}

/** A picture as an <img> shows it: `src`, and the `srcSet` and `sizes` it chooses among (responsive.ts). */
export interface PagePicture {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** For one <source> of a <picture>: the media query under which the browser picks this file. */
  media?: string;
  /** Fetched ahead of the rest (the first picture always is). */
  high?: boolean;
}

const segment = encodeURIComponent;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Every screen's shell asks who is signed in first (apps/web/src/lib/session.ts). */
const SESSION_CHECK = '/api/sessioncheck';

/**
 * The API reads a screen starts with, spelled exactly as apps/web's query factories spell them, so
 * the browser hands the preloaded answer to the app's own fetch instead of asking again
 * (e2e/first-load.spec.ts checks that each is fetched once). They download beside the scripts;
 * without them each waits for the scripts to run, and the feed's posts also for the session check.
 */
export const PAGE_DATA: Partial<Record<PathName, (params: Record<string, string>) => string[]>> = {
  feed: () => ['/api/posts/filter'],
  hubFeed: () => ['/api/posts/filter'],
  post: ({ id }) => [`/api/post/${segment(id!)}`],
  profileHome: ({ login }) => [
    `/api/user/${segment(login!)}`,
    `/api/comissioncards/user/${segment(login!)}`,
    `/api/posts/filter?${query({ owner: login! })}`,
  ],
  commission: ({ uuid }) => [`/api/comissioncard/get/${segment(uuid!)}`],
  commissionForm: ({ uuid }) => [`/api/comissioncard/get/${segment(uuid!)}`],
};

/**
 * `<link rel="preload" as="fetch">` tags for the session check and the screen's first reads. The
 * `crossorigin` (anonymous) matches the app's same-origin fetch, which sends the session cookie.
 */
export function dataPreloads(pathname: string, pageData = PAGE_DATA): string {
  const match = screenOf(pathname);
  if (!match) return '';
  return [SESSION_CHECK, ...(pageData[match.name]?.(match.params) ?? [])]
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}" />`)
    .join('\n    ');
}

/**
 * `<link rel="preload" as="image">` for the pictures a page shows first (a feed's top posts): the
 * browser fetches them beside the scripts instead of after the app has rendered the posts, which
 * was most of the feed's largest paint on a phone (Lighthouse's "load delay"). The first goes
 * ahead of the rest, as the app's own <img fetchpriority="high"> does.
 */
export const imagePreloads = (pictures: readonly PagePicture[]) =>
  pictures
    .map((p, i) => {
      // With the <img>'s own srcset and sizes, so the browser picks the very file the page will.
      const choice = p.srcSet
        ? ` imagesrcset="${escapeHtml(p.srcSet)}" imagesizes="${escapeHtml(p.sizes ?? '100vw')}"`
        : '';
      const media = p.media ? ` media="${escapeHtml(p.media)}"` : '';
      const high = i === 0 || p.high ? ' fetchpriority="high"' : '';
      return `<link rel="preload" as="image" href="${escapeHtml(p.src)}"${choice}${media}${high} />`;
    })
    .join('\n    ');

/**
 * The script files a screen's page needs that index.html does not already load: its chunk and
 * every chunk it imports statically, less the entry's own (Vite writes those into index.html as
 * modulepreload links). In import order, the page's chunk first.
 */
export function pageChunks(manifest: Manifest, pageModule: string): string[] {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const page = new Set<string>();
  walk(pageModule, page);
  return [...page].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
}

/**
 * `<link rel="modulepreload">` tags for the page a pathname opens, read from the build's manifest
 * (kept in memory, read again when a rebuild changes it). Without them the browser learns of the
 * page's chunk only once the entry has downloaded and run, a second round of downloads before
 * anything of the page can show (decision 0008, Lighthouse on /feed). With them, the page's scripts
 * download beside the entry's. An unknown page, or no manifest (a build without one), gives none.
 */
export function pagePreloads(manifestFile: string, pageModules = PAGE_MODULES) {
  let cached: { mtimeMs: number; size: number; manifest: Manifest; tags: Map<string, string> } | undefined;
  return async function preloads(pathname: string): Promise<string> {
    const name = screenOf(pathname)?.name;
    const module = name && pageModules[name];
    if (!module) return '';
    try {
      const info = await stat(manifestFile);
      if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
        cached = { mtimeMs: info.mtimeMs, size: info.size, manifest, tags: new Map() };
      }
    } catch {
      // No manifest (or a rebuild has it half-written): the last good one serves, else no hints.
      if (!cached) return '';
    }
    let tags = cached.tags.get(module);
    if (tags === undefined) {
      tags = pageChunks(cached.manifest, module)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`)
        .join('\n    ');
      cached.tags.set(module, tags);
    }
    return tags;
  };
}
