/**
 * Sites whose icon the web app draws next to a social link (SPEC §3 "svg icon"). The API sends
 * the key, not SVG markup: the picture lives in the web bundle, so a stored link can never carry
 * markup into someone's page, and new icons need no data migration (docs/decisions/0003).
 */
import { cutText } from '../text.ts';
export const SOCIAL_SITES = [
  'x',
  'twitter',
  'instagram',
  'bluesky',
  'deviantart',
  'artstation',
  'patreon',
  'kofi',
  'tumblr',
  'youtube',
  'twitch',
  'pixiv',
  'github',
  'telegram',
  'discord',
] as const;
export type SocialSite = (typeof SOCIAL_SITES)[number];

/** Registrable host (without "www.") → site; subdomains match too (name.tumblr.com). */
const HOSTS: Record<string, SocialSite> = {
  'x.com': 'x',
  'twitter.com': 'twitter',
  'instagram.com': 'instagram',
  'bsky.app': 'bluesky',
  'bsky.social': 'bluesky',
  'deviantart.com': 'deviantart',
  'artstation.com': 'artstation',
  'patreon.com': 'patreon',
  'ko-fi.com': 'kofi',
  'tumblr.com': 'tumblr',
  'youtube.com': 'youtube',
  'youtu.be': 'youtube',
  'twitch.tv': 'twitch',
  'pixiv.net': 'pixiv',
  'github.com': 'github',
  't.me': 'telegram',
  'telegram.me': 'telegram',
  'discord.gg': 'discord',
  'discord.com': 'discord',
};

interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}
/** The WHATWG URL parser of browsers and Node; this package compiles without DOM or Node types. */
declare const URL: new (input: string) => ParsedUrl;

/** The parts of an absolute URL, or null when it is not one. */
export function parseUrl(input: string): ParsedUrl | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

/** The known site a link points to, or null (unknown site or not a URL). */
export function socialSiteOf(url: string): SocialSite | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();
  for (let h = host; h.includes('.'); h = h.slice(h.indexOf('.') + 1)) {
    const site = HOSTS[h];
    if (site) return site;
  }
  return null;
}

/** SPEC §2: a link is shown cut at `max` characters with an ellipsis. */
export function shortUrl(url: string, max: number): string {
  return cutText(url, max);
}

/** SPEC §5's social link: an https:// URL naming a real host (one with a dot), with no spaces or credentials. */
export function isHttpsLink(v: string): boolean {
  if (!v.startsWith('https://') || /\s/.test(v)) return false;
  const u = parseUrl(v);
  return !!u && u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password;
}

/** A host name with a dot (www.artstation.com, ko-fi.com, an IDN's ASCII form), then a path or nothing. */
const BARE_HOST =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z][a-z0-9-]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * The https:// link someone most likely meant, to offer them (never applied unasked), or null.
 * `www.artstation.com/me` and `artstation.com/me` (a host, no scheme) get `https://` in front;
 * `http://…` and `HTTPS://…` get `https://` instead of their scheme. Anything else, and any
 * result SPEC §5's rule would still refuse, gets no offer: "Enter a valid link" stands alone.
 */
export function httpsFixOf(input: string): string | null {
  const v = input.trim();
  if (v === '' || isHttpsLink(v)) return null;
  const scheme = /^https?:\/\//i.exec(v);
  const fixed = scheme ? `https://${v.slice(scheme[0].length)}` : BARE_HOST.test(v) ? `https://${v}` : null;
  return fixed !== null && isHttpsLink(fixed) ? fixed : null;
}
