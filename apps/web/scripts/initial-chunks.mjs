/**
 * The JavaScript a screen needs before it can show: the entry chunk, the chunk of the screen's
 * page, and every chunk those import statically (the browser fetches them at once, before the
 * page renders). Dynamic imports are left out: they load later, on demand. Read from Vite's
 * build manifest (dist/.vite/manifest.json).
 *
 * @param {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[] }>} manifest
 * @param {string[]} pageSources the page modules the screen renders, e.g. 'src/features/posts/pages/feed-page.tsx'
 * @returns {{ files: string[], sources: string[] }} chunk files (relative to dist) and the manifest keys they came from
 */
export function initialChunks(manifest, pageSources) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const missing = pageSources.filter((src) => !manifest[src]);
  if (missing.length > 0) throw new Error(`not in the build manifest: ${missing.join(', ')}`);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  [...entries, ...pageSources].forEach(visit);
  const sources = [...seen];
  return { files: [...new Set(sources.map((key) => manifest[key].file))], sources };
}
