// Bundle budget (`npm run budget`, after `npm run build`): the JavaScript a phone downloads
// before /feed shows, gzipped. docs/decisions/0007-web-structure.md says why 170 KB.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { initialChunks } from './apps/web/scripts/initial-chunks.mjs';

const dist = 'apps/web/dist';
const manifestPath = `${dist}/.vite/manifest.json`;
if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const feed = initialChunks(manifest, ['src/features/posts/pages/feed-page.tsx']);
// The feed must not drag in the card editor or the legal pages (issue 7): if a shared chunk ever
// pulls them in statically, the budget fails here even when the bytes still fit.
const unwanted = feed.sources.filter((src) => /cards\/pages\/card-editor-page|features\/legal\//.test(src));
if (unwanted.length > 0) throw new Error(`/feed loads ${unwanted.join(', ')} up front`);

// The server sends the build's own .br/.gz copies (vite-plugin-compression2 writes them): a build
// without them would be compressed per request, or not at all.
const uncompressed = feed.files.filter(
  (file) =>
    statSync(`${dist}/${file}`).size >= 1024 &&
    !['br', 'gz'].every((ext) => existsSync(`${dist}/${file}.${ext}`)),
);
if (uncompressed.length > 0) throw new Error(`no .br/.gz copies of ${uncompressed.join(', ')}`);

export default [
  {
    name: 'initial JavaScript for /feed',
    path: feed.files.map((file) => `${dist}/${file}`),
    gzip: true,
    limit: '170 kB',
  },
];
