import { describe, expect, it } from 'vitest';
import { socialBodySchema, displayNameSchema } from './users/schemas.ts';
import { createPostBodySchema } from './posts/schemas.ts';
import { loginBodySchema } from './auth/schemas.ts';
import { fieldErrors } from './validation.ts';
import { postTextBadCharacters } from './posts/messages.ts';
import { displayNameBadCharacters, socialTitleBadCharacters } from './users/messages.ts';
import { findNul, textNulMessage } from './text.ts';

const RLO = '\u202E';
const NUL = '\u0000';

describe('the shared text rule', () => {
  it('refuses NUL in any input string, before any other complaint', () => {
    expect(fieldErrors(loginBodySchema, { login: `ann${NUL}`, password: 'x' })).toEqual({
      login: textNulMessage,
    });
    expect(fieldErrors(createPostBodySchema, { postContent: `hi${NUL}`, maturity: 'sfw' })).toEqual({
      postContent: textNulMessage,
    });
    expect(fieldErrors(socialBodySchema, { title: NUL, url: 'https://x.com/ann' })).toEqual({
      title: textNulMessage,
    });
  });

  it('refuses text-direction overrides in post text, social titles and display names', () => {
    expect(fieldErrors(createPostBodySchema, { postContent: `price ${RLO}001$`, maturity: 'sfw' })).toEqual({
      postContent: postTextBadCharacters,
    });
    expect(fieldErrors(socialBodySchema, { title: `My ${RLO}shop`, url: 'https://x.com/ann' })).toEqual({
      title: socialTitleBadCharacters,
    });
    expect(displayNameSchema.safeParse(`Ann${RLO}`).error?.issues[0]?.message).toBe(displayNameBadCharacters);
  });

  it('keeps line breaks in post text but not in one-line titles', () => {
    expect(
      createPostBodySchema.safeParse({ postContent: 'line one\nline two', maturity: 'sfw' }).success,
    ).toBe(true);
    expect(fieldErrors(socialBodySchema, { title: 'a\nb', url: 'https://x.com/ann' })).toEqual({
      title: socialTitleBadCharacters,
    });
  });

  it('finds NUL anywhere in a parsed body or query, naming the path', () => {
    expect(findNul({ a: 'ok', b: [{ c: `x${NUL}` }] })).toBe('b.0.c');
    expect(findNul({ [`k${NUL}`]: 'v' })).toBe(`k${NUL}`);
    expect(findNul(NUL)).toBe('');
    expect(findNul({ a: 'fine', n: 1, z: null })).toBeUndefined();
  });
});
