import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import { SOCIAL_URL_SHOWN } from './constants.ts';
import { socialBodySchema } from './schemas.ts';
import { httpsFixOf, shortUrl, socialSiteOf } from './social-sites.ts';

describe('social link sites', () => {
  it('names the site from the host, subdomains and www included', () => {
    expect(socialSiteOf('https://x.com/ann')).toBe('x');
    expect(socialSiteOf('https://www.artstation.com/ann')).toBe('artstation');
    expect(socialSiteOf('https://ann.tumblr.com/')).toBe('tumblr');
    expect(socialSiteOf('https://ko-fi.com/ann')).toBe('kofi');
    expect(socialSiteOf('https://t.me/ann')).toBe('telegram');
    expect(socialSiteOf('https://youtu.be/abc')).toBe('youtube');
  });

  it('answers null for unknown sites, look-alike hosts and non-URLs', () => {
    expect(socialSiteOf('https://example.org')).toBeNull();
    expect(socialSiteOf('https://notx.com/ann')).toBeNull();
    expect(socialSiteOf('https://x.com.evil.example/ann')).toBeNull();
    expect(socialSiteOf('not a url')).toBeNull();
  });

  it('cuts a long url at 32 characters with an ellipsis', () => {
    const url = 'https://www.deviantart.com/someone-with-a-long-name';
    expect(shortUrl(url, SOCIAL_URL_SHOWN)).toBe(`${url.slice(0, 32)}…`);
    expect(shortUrl('https://x.com/a', SOCIAL_URL_SHOWN)).toBe('https://x.com/a');
  });
});

describe('social link body', () => {
  it('accepts https links and refuses everything else with "Enter a valid link"', () => {
    expect(fieldErrors(socialBodySchema, { title: 'Site', url: 'https://example.org/a?b=c' })).toEqual({});
    for (const url of ['http://example.org', 'ftp://example.org', 'https://', 'https://nohost', ' '])
      expect(fieldErrors(socialBodySchema, { title: 'Site', url }).url).toBe(messages.socialInvalidLink);
  });

  it('offers https:// for a bare host or an http:// link, and nothing for what is not a link', () => {
    expect(httpsFixOf('www.artstation.com/me')).toBe('https://www.artstation.com/me');
    expect(httpsFixOf(' artstation.com/me ')).toBe('https://artstation.com/me');
    expect(httpsFixOf('ko-fi.com')).toBe('https://ko-fi.com');
    expect(httpsFixOf('http://blog.example.org/a?b=1')).toBe('https://blog.example.org/a?b=1');
    expect(httpsFixOf('HTTPS://x.com/ann')).toBe('https://x.com/ann');
    // Already valid, or nothing that looks like a link: no offer.
    expect(httpsFixOf('https://x.com/ann')).toBeNull();
    expect(httpsFixOf('')).toBeNull();
    expect(httpsFixOf('my gallery')).toBeNull();
    expect(httpsFixOf('ann')).toBeNull();
    expect(httpsFixOf('ftp://files.example.org')).toBeNull();
    expect(httpsFixOf('javascript:alert(1)')).toBeNull();
    expect(httpsFixOf('user:pass@example.org')).toBeNull();
    expect(httpsFixOf('http://localhost/me')).toBeNull();
    expect(httpsFixOf('http://user:pw@example.org')).toBeNull();
    // What it offers passes the SPEC §5 rule the server keeps.
    for (const v of ['www.artstation.com/me', 'http://blog.example.org']) {
      expect(fieldErrors(socialBodySchema, { title: 'x', url: httpsFixOf(v)! })).toEqual({});
    }
    expect(fieldErrors(socialBodySchema, { title: 'x', url: 'www.artstation.com/me' }).url).toBe(
      messages.socialInvalidLink,
    );
  });
});
