import type { TagFull, TagSuggestion } from '@brushline/shared/tags/schemas';

const ann = {
  id: '6f1c1f9e-1111-4111-8111-111111111111',
  login: 'ann',
  displayName: 'Ann',
  avatarMiniatureUrl: null,
};

/** A tag as `GET tag/get/byIdFull/{id}` answers it. */
export function makeTagFull(change: Partial<TagFull> = {}): TagFull {
  return {
    id: 7,
    title: 'red_fox',
    description: 'A fox with red fur.',
    maturity: 'SFW',
    tagType: 'Species',
    createdAt: '2026-11-01T10:00:00.000Z',
    isRoot: false,
    usageCount: 3,
    version: 2,
    synonyms: [],
    synonymOf: null,
    parentTags: [{ id: 3, title: 'fox', tagType: 'Species', maturity: 'SFW' }],
    childTags: [],
    creator: ann,
    contributers: [ann],
    history: [],
    ...change,
  };
}

export const suggestion = (title: string, alias: string | null = null): TagSuggestion => ({
  id: title.length,
  title,
  tagType: 'Species',
  maturity: 'SFW',
  usageCount: 4,
  alias,
  label: alias ? `${alias} → ${title}` : title,
});

/**
 * Records the query parameter `name` of every request to a path ending in `pathEnd` from now on
 * (after stubFetch, which records paths only); pushes into `into` before the stubbed answer is
 * made. Other requests (the session check, say, whenever it happens) are not recorded.
 */
export function recordQueryParam(name: string, into: string[], pathEnd: string) {
  const stubbed = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, 'http://localhost');
    if (url.pathname.endsWith(pathEnd)) into.push(url.searchParams.get(name) ?? '');
    return stubbed(input, init);
  };
}

/** jsdom has no FontFaceSet; Mantine's autosize Textarea (the tag editor's description) listens to it. */
export function stubFontFaceSet() {
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
}
