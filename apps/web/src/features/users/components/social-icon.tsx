import type { ReactNode } from 'react';
import type { SocialSite } from '@brushline/shared/users/social-sites';

/**
 * Site icons for social links, drawn here (no icon library): simplified line marks in the
 * icons.tsx style, each in its site's colour, so a chip says where it leads at a glance.
 * The API names the site (svgIcon); an unknown site gets a plain link icon.
 */
const marks: Record<SocialSite, { color: string; label: string; draw: ReactNode }> = {
  x: { color: 'currentColor', label: 'X', draw: <path d="M4 4l16 16M20 4L4 20" /> },
  twitter: {
    color: '#1d9bf0',
    label: 'Twitter',
    draw: (
      <path d="M22 5.5c-.8.4-1.6.6-2.4.7a4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 1 4.2 5.6a4.1 4.1 0 0 0 1.3 5.5 4 4 0 0 1-1.9-.5 4.1 4.1 0 0 0 3.3 4 4 4 0 0 1-1.9.1 4.1 4.1 0 0 0 3.8 2.8A8.2 8.2 0 0 1 3 19.3 11.6 11.6 0 0 0 9.3 21c7.5 0 11.7-6.3 11.7-11.7v-.6c.8-.6 1.5-1.3 2-2.1z" />
    ),
  },
  instagram: {
    color: '#e1306c',
    label: 'Instagram',
    draw: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </>
    ),
  },
  bluesky: {
    color: '#1185fe',
    label: 'Bluesky',
    draw: (
      <path d="M12 11C10.5 8 7 4 4.5 4 3 4 3 5.5 3 7c0 1.5.8 5 4.5 5.2C4 13 4.5 16 7 17.5c2.5 1.5 4-1.5 5-4.5 1 3 2.5 6 5 4.5 2.5-1.5 3-4.5-.5-5.3C20.2 12 21 8.5 21 7c0-1.5 0-3-1.5-3C17 4 13.5 8 12 11z" />
    ),
  },
  deviantart: {
    color: '#05cc47',
    label: 'DeviantArt',
    draw: <path d="M17 3h-4l-1 2H7v5h3l-3 6v5h4l1-2h5v-5h-3l3-6z" />,
  },
  artstation: {
    color: '#13aff0',
    label: 'ArtStation',
    draw: <path d="M2 17l2 3.5h11L13 17zM9 4l11 17 2-3.5L13 4zM7.5 14.5h8L11.5 8z" />,
  },
  patreon: {
    color: '#f96854',
    label: 'Patreon',
    draw: (
      <>
        <circle cx="14.5" cy="9.5" r="6.5" />
        <path d="M3 3v18" />
      </>
    ),
  },
  kofi: {
    color: '#ff5e5b',
    label: 'Ko-fi',
    draw: (
      <>
        <path d="M4 8h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
        <path d="M16 9h1.5a2.5 2.5 0 0 1 0 5H16M9 11.5l1.5 1.5 1.5-1.5" />
      </>
    ),
  },
  tumblr: {
    color: '#36465d',
    label: 'Tumblr',
    draw: <path d="M10 3v4H7v3h3v6.5a3.5 3.5 0 0 0 3.5 3.5H17v-3h-3a1 1 0 0 1-1-1V10h4V7h-4V3z" />,
  },
  youtube: {
    color: '#ff0000',
    label: 'YouTube',
    draw: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" />
        <path d="M10 9l5 3-5 3z" />
      </>
    ),
  },
  twitch: {
    color: '#9146ff',
    label: 'Twitch',
    draw: <path d="M4 3h17v11l-4 4h-4l-3 3H8v-3H4zM11 7v5M16 7v5" />,
  },
  pixiv: {
    color: '#0096fa',
    label: 'pixiv',
    draw: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="4" />
        <path d="M9 18V7h3.5a3.5 3.5 0 0 1 0 7H9" />
      </>
    ),
  },
  github: {
    color: 'currentColor',
    label: 'GitHub',
    draw: (
      <path d="M9 19c-4.3 1.4-4.3-2.5-6-3m12 5v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12.3 12.3 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21" />
    ),
  },
  telegram: {
    color: '#26a5e4',
    label: 'Telegram',
    draw: <path d="M21 4L3 11l6 2 2 6 3-4 4 3zM9 13l9-7" />,
  },
  discord: {
    color: '#5865f2',
    label: 'Discord',
    draw: (
      <>
        <path d="M7 17c-2 0-4-1-4-1 0-5 1.5-9 3-10 1-.7 3-1 3-1l1 2h4l1-2s2 .3 3 1c1.5 1 3 5 3 10 0 0-2 1-4 1l-1-2c-3.5 1-6.5 1-10 0z" />
        <circle cx="9" cy="12" r="1" />
        <circle cx="15" cy="12" r="1" />
      </>
    ),
  },
};

export const socialSiteLabel = (site: string | null) =>
  site && site in marks ? marks[site as SocialSite].label : 'Website';

/** The icon of the site `site` names (a SOCIAL_SITES key), or a link icon. Decorative: hidden from readers. */
export function SocialIcon({ site, size = 16 }: { site: string | null; size?: number }) {
  const mark = site && site in marks ? marks[site as SocialSite] : null;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke={mark?.color ?? 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={{ flexShrink: 0 }}
    >
      {mark ? (
        mark.draw
      ) : (
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      )}
    </svg>
  );
}
