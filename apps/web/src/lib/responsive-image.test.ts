import { describe, expect, it } from 'vitest';
import { miniatureWidth, responsiveImage } from './responsive-image.ts';

const picture = (purpose: 'post' | 'cardThumbnail', width: number, height: number) => ({
  purpose,
  width,
  height,
  url: '/api/media/x/full',
  miniatureUrl: '/api/media/x/miniature',
});

describe('responsive images', () => {
  it('offers the full card thumbnail beside its 153 px miniature, so a 277 px tile is never stretched', () => {
    const img = responsiveImage(picture('cardThumbnail', 305, 380), '277px');
    expect(img).toEqual({
      src: '/api/media/x/miniature',
      srcSet: '/api/media/x/miniature 153w, /api/media/x/full 305w',
      sizes: '277px',
    });
  });

  it('knows the width of a post miniature fitted inside its box', () => {
    expect(miniatureWidth(picture('post', 1200, 1600))).toBe(480);
    expect(miniatureWidth(picture('post', 4000, 1000))).toBe(640);
  });

  it('gives no choice when the picture is no bigger than its miniature', () => {
    expect(responsiveImage(picture('post', 320, 240), '100vw').srcSet).toBeUndefined();
  });
});
