import { describe, expect, it } from 'vitest';
import { cutText } from './text.ts';
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

describe('cutText', () => {
  it('keeps text within the limit as it is', () => {
    expect(cutText('Portrait', 8)).toBe('Portrait');
    expect(cutText('', 3)).toBe('');
  });

  it('keeps the first `max` characters and marks the cut with an ellipsis', () => {
    expect(cutText('Portrait of a fox', 8)).toBe('Portrait…');
    expect(cutText('Portrait!', 8)).toBe('Portrait…');
  });

  it('counts Cyrillic letters one each', () => {
    expect(cutText('Портрет лисы', 7)).toBe('Портрет…');
    expect(cutText('Портрет лисы', 6)).toBe('Портре…');
    expect(cutText('Портрет', 7)).toBe('Портрет');
  });

  it('never splits an emoji, a flag, a family or an accented letter, each counting as one', () => {
    expect(cutText('👍🏽👍🏽👍🏽', 3)).toBe('👍🏽👍🏽👍🏽');
    expect(cutText('👍🏽👍🏽👍🏽👍🏽', 3)).toBe('👍🏽👍🏽👍🏽…');
    expect(cutText('🇺🇦🇺🇦🇺🇦', 2)).toBe('🇺🇦🇺🇦…');
    expect(cutText('👨‍👩‍👧👨‍👩‍👧', 2)).toBe('👨‍👩‍👧👨‍👩‍👧');
    expect(cutText('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 2)).toBe('👨‍👩‍👧👨‍👩‍👧…');
    expect(cutText('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301e\u0301…');
  });

  it('ends at a word when asked and a word ends past half the limit', () => {
    expect(cutText('A red fox in the snow at night', 15, { atWord: true })).toBe('A red fox in…');
    expect(cutText('A red fox in the snow at night', 16, { atWord: true })).toBe('A red fox in the…');
    expect(cutText('Supercalifragilistic', 10, { atWord: true })).toBe('Supercalif…');
  });
});
