import {
  PRODUCT_NAME,
  SHARE_DESCRIPTION_MAX,
  SHARE_TITLE_MAX,
  SITE_DESCRIPTION,
} from '@brushline/shared/site';
import { cutText } from '@brushline/shared/text';

/** A picture for link previews; `url` may be a path on this server. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  /** Artwork and banners show as a large card in chats; avatars as a small one. */
  large: boolean;
}

/** What a link to a page shows when pasted into a chat: the head the server renders into index.html. */
export interface PageMeta {
  title: string;
  description: string;
  type: 'website' | 'profile' | 'article';
  image: PageImage | null;
}

export const notFoundMeta: PageMeta = {
  title: 'Page not found',
  description: SITE_DESCRIPTION,
  type: 'website',
  image: null,
};

/** The path of a request URL, without its query. */
export const pathnameOf = (url: string) => url.split('?', 1)[0]!;

/** Requests answered with the web app's page (200 for known screens, else 404): never the API or a built asset. */
export function wantsPage(method: string, url: string): boolean {
  const pathname = pathnameOf(url);
  return (
    (method === 'GET' || method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    !pathname.startsWith('/assets/')
  );
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element or a double- or single-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * User text as one line of at most `max` characters, cut at a word where there is one: control
 * and direction-override characters go, runs of white space become one space.
 */
export function firstWords(text: string, max: number): string {
  const line = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  // The ellipsis counts: a share description's limit is the whole text's.
  return line.length <= max ? line : cutText(line, max - 1, { atWord: true });
}

const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

/**
 * The <title>, description, OpenGraph and Twitter card tags of a page. Every value is escaped;
 * null describes the site itself (pages with nothing of their own to show).
 */
export function renderHead(meta: PageMeta | null, pathname: string, publicUrl: string): string {
  const title = meta ? `${firstWords(meta.title, SHARE_TITLE_MAX)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  const description = firstWords(meta?.description ?? SITE_DESCRIPTION, SHARE_DESCRIPTION_MAX);
  const image = meta?.image ?? null;
  const tag = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    tag('name', 'description', description),
    tag('property', 'og:site_name', PRODUCT_NAME),
    tag('property', 'og:type', meta?.type ?? 'website'),
    tag('property', 'og:title', meta ? firstWords(meta.title, SHARE_TITLE_MAX) : PRODUCT_NAME),
    tag('property', 'og:description', description),
    tag('property', 'og:url', absolute(publicUrl, pathname)),
    tag('name', 'twitter:card', image?.large ? 'summary_large_image' : 'summary'),
  ];
  if (image) {
    tags.push(tag('property', 'og:image', absolute(publicUrl, image.url)));
    if (image.width && image.height) {
      tags.push(
        tag('property', 'og:image:width', image.width),
        tag('property', 'og:image:height', image.height),
      );
    }
    tags.push(tag('property', 'og:image:alt', firstWords(image.alt, SHARE_DESCRIPTION_MAX)));
  }
  return tags.join('\n    ');
}
