import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@brushline/shared/users/schemas';
import { paths } from '@brushline/shared/paths';
import { tagMessages } from '@brushline/shared/tags/messages';
import { TAG_ALREADY_MERGED_CODE } from '@brushline/shared/tags/schemas';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe } from '../../orders/test/order-fixtures.ts';
import { makeTagFull, suggestion } from '../test/tag-fixtures.ts';
import { TagPage } from './tag-page.tsx';

const routes = [page(paths.wikiTag, <TagPage />), page(paths.wikiTags, <p>the table</p>)];
const moderator: Me = { ...artistMe, roles: ['moderator'] };
const signedIn = (me: Me) => ({ 'GET /api/sessioncheck': () => ({ status: 200, body: me }) });

const redFox = makeTagFull({
  synonyms: [{ id: 8, title: 'fox_red', tagType: 'Species', maturity: 'SFW' }],
  childTags: [{ id: 9, title: 'red_fox_kit', tagType: 'Species', maturity: 'SFW' }],
  history: [
    {
      id: 2,
      version: 2,
      kind: 'update',
      at: '2026-11-02T10:00:00.000Z',
      actor: makeTagFull().creator,
      changes: [{ field: 'description', before: 'A fox.', after: 'A fox with red fur.' }],
    },
  ],
});
/** `GET tag/get/{title}` answers the canonical tag, asked by its own title or a synonym's. */
const tagRoutes = {
  'GET /api/tag/get/red_fox': () => ({ status: 200, body: redFox }),
  'GET /api/tag/get/fox_red': () => ({ status: 200, body: redFox }),
  'GET /api/tag/get/byIdFull/7': () => ({ status: 200, body: redFox }),
};

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('tag page', () => {
  it('asked by a synonym, shows the canonical tag: its tree, synonyms, usage and history; readers get no edit', async () => {
    stubFetch(tagRoutes);
    renderRoutes(routes, '/wiki/tag/fox_red');
    expect(await screen.findByRole('heading', { name: 'red fox' })).toBeVisible();
    expect(screen.getByText('“fox red” is a synonym of this tag.')).toBeVisible();
    const tree = screen.getByRole('list', { name: 'Tag tree' });
    expect(within(tree).getByRole('link', { name: 'fox' })).toHaveAttribute('href', '/wiki/tag/fox');
    expect(within(tree).getByRole('link', { name: 'red fox kit' })).toHaveAttribute(
      'href',
      '/wiki/tag/red_fox_kit',
    );
    expect(screen.getByText('fox red')).toBeVisible();
    expect(screen.getByText(/Used 3 times/)).toBeVisible();
    expect(screen.getByText('Contributers: Ann')).toBeVisible();
    expect(screen.getByText('A fox.', { exact: false })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a missing tag (or an NSFW one hidden from this reader) is a 404 page', async () => {
    stubFetch({
      'GET /api/tag/get/nope': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Tag not found' } },
      }),
    });
    renderRoutes(routes, '/wiki/tag/nope');
    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  });

  it('tells the creator of an NSFW tag who hides NSFW that others do not see it', async () => {
    const nsfw = makeTagFull({ maturity: 'NSFW' });
    stubFetch({
      ...signedIn(artistMe),
      'GET /api/tag/get/red_fox': () => ({ status: 200, body: nsfw }),
      'GET /api/tag/get/byIdFull/7': () => ({ status: 200, body: nsfw }),
    });
    renderRoutes(routes, '/wiki/tag/red_fox');
    expect(await screen.findByText('Your NSFW tag')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit tag' })).toHaveAttribute('href', '/wiki/tags/update/7');
    // Not staff: no merge or delete.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('staff delete only after confirming: "Keep it" changes nothing, "Delete tag" deletes and goes to the table', async () => {
    const calls = stubFetch({
      ...signedIn(moderator),
      ...tagRoutes,
      'DELETE /api/tag/delete/7': () => ({ status: 200, body: { message: 'Tag deleted!' } }),
    });
    const { user, router } = renderRoutes(routes, '/wiki/tag/red_fox');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “red fox”?' });
    expect(dialog).toHaveTextContent('The tag and its synonyms leave the wiki, and the 3 things tagged');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tags'));
    expect(calls.filter((c) => c.key === 'DELETE /api/tag/delete/7')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Tag deleted!');
  });

  it('staff merge into a tag picked from the suggestions, after confirming, and land on the tag that stays', async () => {
    const fox = makeTagFull({
      id: 3,
      title: 'fox',
      synonyms: [{ id: 7, title: 'red_fox', tagType: 'Species', maturity: 'SFW' }],
    });
    const calls = stubFetch({
      ...signedIn(moderator),
      ...tagRoutes,
      'GET /api/tags/autocomplete': () => ({ status: 200, body: { items: [suggestion('fox')] } }),
      'POST /api/tag/merge/7': () => ({ status: 200, body: { tag: fox, message: 'Tag merged!' } }),
    });
    const { user, router } = renderRoutes(routes, '/wiki/tag/red_fox');
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    const modal = await screen.findByRole('dialog', { name: 'Merge “red fox” into another tag' });
    const go = within(modal).getByRole('button', { name: 'Merge…' });
    expect(go).toBeDisabled();
    const input = within(modal)
      .getAllByLabelText('Merge into')
      .find((e) => e.tagName === 'INPUT')!;
    await user.type(input, 'fo');
    await user.click(await within(modal).findByText('fox', {}, { timeout: 3000 }));
    await waitFor(() => expect(go).toBeEnabled());
    await user.click(go);
    const confirm = await screen.findByRole('dialog', { name: 'Merge “red fox” into “fox”?' });
    expect(confirm).toHaveTextContent('becomes a synonym of “fox”');
    expect(calls.some((c) => c.key.startsWith('POST /api/tag/merge'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tag/fox'));
    expect(calls.find((c) => c.key === 'POST /api/tag/merge/7')?.body).toEqual({ into: 'fox' });
    expect(toast.success).toHaveBeenCalledWith('Tag merged!');
  });

  it('a merge someone made first is refused: the dialog closes saying so, and the tag is read again', async () => {
    const already = tagMessages.alreadyMerged('red_fox', 'fox');
    let reads = 0;
    stubFetch({
      ...signedIn(moderator),
      ...tagRoutes,
      'GET /api/tag/get/red_fox': () => ((reads += 1), { status: 200, body: redFox }),
      'GET /api/tags/autocomplete': () => ({ status: 200, body: { items: [suggestion('fox')] } }),
      'POST /api/tag/merge/7': () => ({
        status: 409,
        body: { error: { code: TAG_ALREADY_MERGED_CODE, message: already } },
      }),
    });
    const { user, router } = renderRoutes(routes, '/wiki/tag/red_fox');
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    const modal = await screen.findByRole('dialog', { name: 'Merge “red fox” into another tag' });
    const input = within(modal)
      .getAllByLabelText('Merge into')
      .find((e) => e.tagName === 'INPUT')!;
    await user.type(input, 'fo');
    await user.click(await within(modal).findByText('fox', {}, { timeout: 3000 }));
    await user.click(within(modal).getByRole('button', { name: 'Merge…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge “red fox” into “fox”?' });
    const readsBefore = reads;
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(already));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Merge “red fox” into another tag' })).toBeNull(),
    );
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    expect(router.state.location.pathname).toBe('/wiki/tag/red_fox');
  });
});
