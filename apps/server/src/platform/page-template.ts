import { readFile, stat } from 'node:fs/promises';

interface Parsed {
  mtimeMs: number;
  size: number;
  /** The page up to where the rendered head goes, and the rest. */
  before: string;
  after: string;
}

/**
 * Splits the built index.html where its <title> (and the description next to it) stand, so each
 * page gets its own head. Without a title the head goes first into <head>.
 */
function parse(html: string): Pick<Parsed, 'before' | 'after'> {
  const page = html.replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(page);
  if (title) return { before: page.slice(0, title.index), after: page.slice(title.index + title[0].length) };
  const head = /<head[^>]*>/i.exec(page);
  const at = head ? head.index + head[0].length : 0;
  return { before: `${page.slice(0, at)}\n    `, after: page.slice(at) };
}

/**
 * The built index.html, kept in memory and read again only when the file changes (a rebuild
 * while the server runs): a stat per page instead of a read. While a rebuild has the file
 * missing, the last good copy serves.
 */
export function pageTemplate(file: string) {
  let cached: Parsed | undefined;
  return async function render(head: string): Promise<string> {
    try {
      const info = await stat(file);
      if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { mtimeMs: info.mtimeMs, size: info.size, ...parse(await readFile(file, 'utf8')) };
      }
    } catch (err) {
      if (!cached) throw err;
    }
    return cached.before + head + cached.after;
  };
}
