import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isKnownPath } from '@brushline/shared/paths';
import { AppError, errorBody } from './errors.ts';
import { dataPreloads, imagePreloads, pagePreloads, type PagePicture } from './page-preloads.ts';
import { pageTemplate } from './page-template.ts';
import { notFoundMeta, pathnameOf, renderHead, wantsPage, type PageMeta } from './pages.ts';

export interface WebOptions {
  /** The built web app (apps/web/dist); null serves none. */
  dist: string | null;
  /** Origin of absolute links in link previews (PUBLIC_URL). */
  publicUrl: string;
  /**
   * The link preview of a screen, null for screens with nothing of their own to show. Throws a
   * 404 AppError when what the page shows does not exist for this reader. Given by the app:
   * platform code does not know the modules.
   */
  describePage?: (pathname: string, request: FastifyRequest) => Promise<PageMeta | null>;
  /**
   * The pictures a screen shows first, as this reader will see them (the feed's top posts), for
   * the page to preload; none when it fails. Given by the app, like describePage.
   */
  firstPictures?: (pathname: string, request: FastifyRequest) => Promise<PagePicture[]>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA from the same port. Hashed files under /assets are cached for a year and
 * sent as the build's .br/.gz copies when the browser takes them; source maps are never served.
 * Every other GET that is no file gets index.html with its own head (title, link preview) and
 * never cached: 200 for a screen of the paths table, 404 for anything else or for a profile, card
 * or post that does not exist, so the SPA's 404 screen shows with an honest status. When the
 * preview cannot be made (the database is down), the plain page still loads.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  const { dist } = opts;
  const render =
    dist !== null && existsSync(join(dist, 'index.html')) ? pageTemplate(join(dist, 'index.html')) : null;
  const preloads = dist !== null ? pagePreloads(join(dist, '.vite', 'manifest.json')) : null;
  if (render && dist) {
    const assets = join(dist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: dist,
      // Files are looked up per request, so a rebuild is served without restarting the server.
      wildcard: true,
      // Pages (and so directories: "/", "/feed/") are rendered below, never the bare template.
      index: false,
      preCompressed: true,
      // Dotfiles (the build's stamp, scripts/build.mjs) are nobody's business.
      dotfiles: 'ignore',
      allowedPath: (pathname) =>
        !pathname.endsWith('/') && !pathname.endsWith('.map') && pathname !== '/index.html',
      setHeaders(res, path) {
        res.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  } else if (dist !== null) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset is a 404, never the page: a browser must not run HTML as a script.
    if (!render || !wantsPage(request.method, request.url)) {
      return reply.code(404).send(errorBody('not_found', 'Not found'));
    }
    const pathname = pathnameOf(request.url);
    let status = isKnownPath(pathname) ? 200 : 404;
    let meta: PageMeta | null = status === 200 ? null : notFoundMeta;
    if (status === 200 && opts.describePage) {
      try {
        meta = await opts.describePage(pathname, request);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) {
          status = 404;
          meta = notFoundMeta;
        } else {
          // The app must still load (a database outage, say): it shows its own errors.
          request.log.warn({ err }, 'page preview failed; serving the plain page');
        }
      }
    }
    // A page that exists gets its data, pictures and scripts asked for up front (page-preloads.ts).
    let hints = '';
    if (status === 200 && preloads) {
      const pictures = opts.firstPictures
        ? await opts.firstPictures(pathname, request).catch((err: unknown) => {
            request.log.warn({ err }, 'first pictures failed; serving the page without them');
            return [];
          })
        : [];
      hints = [dataPreloads(pathname), imagePreloads(pictures), await preloads(pathname)]
        .filter(Boolean)
        .join('\n    ');
    }
    const head = renderHead(meta, pathname, opts.publicUrl);
    const html = await render(hints ? `${head}\n    ${hints}` : head);
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
