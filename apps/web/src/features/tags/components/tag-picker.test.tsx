import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TAG_PICKER_DEBOUNCE_MS } from '@brushline/shared/tags/constants';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { suggestion, recordQueryParam } from '../test/tag-fixtures.ts';
import { TagPicker } from './tag-picker.tsx';

function Picker({ allowNew = false }: { allowNew?: boolean }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <TagPicker label="Tags" value={value} onChange={setValue} allowNew={allowNew} />
      <output aria-label="picked">{value.join(' ')}</output>
    </>
  );
}

const picked = () => screen.getByLabelText('picked').textContent;
/** The picker's text field (its suggestion list carries the same label). */
const field = async () => (await screen.findAllByLabelText('Tags')).find((e) => e.tagName === 'INPUT')!;

describe('TagPicker', () => {
  it('asks once typing stops, shows a synonym as "alias → canonical" and picks the canonical tag by keyboard', async () => {
    const asked: string[] = [];
    const calls = stubFetch({
      'GET /api/tags/autocomplete': () => ({
        status: 200,
        body: { items: [suggestion('feline', 'cat'), suggestion('cat_ears')] },
      }),
    });
    recordQueryParam('q', asked, '/tags/autocomplete');
    const { user } = renderRoutes([page('/', <Picker />)], '/');
    const input = await field();
    const started = Date.now();
    await user.type(input, 'Cat');
    expect(calls.filter((c) => c.key === 'GET /api/tags/autocomplete')).toHaveLength(0);
    const option = await screen.findByText('cat → feline', {}, { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TAG_PICKER_DEBOUNCE_MS);
    // One request for what was typed at the end (normalised), none per keystroke.
    expect(asked).toEqual(['cat']);
    expect(option).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(picked()).toBe('feline'));
  });

  it('does not take a title no tag has, unless new ones are allowed; Backspace removes the last tag', async () => {
    stubFetch({ 'GET /api/tags/autocomplete': () => ({ status: 200, body: { items: [] } }) });
    const { user, unmount } = renderRoutes([page('/', <Picker />)], '/');
    const input = await field();
    await user.type(input, 'nosuchtag');
    expect(
      await screen.findByText(/No tag like this\. Create it in the wiki first\./, {}, { timeout: 3000 }),
    ).toBeVisible();
    await user.keyboard('{Enter}');
    expect(picked()).toBe('');
    unmount();

    const next = renderRoutes([page('/', <Picker allowNew />)], '/');
    const box = await field();
    await next.user.type(box, 'Big Cat{Enter}');
    await next.user.type(box, 'kitty{Enter}');
    await waitFor(() => expect(picked()).toBe('big_cat kitty'));
    await next.user.keyboard('{Backspace}');
    await waitFor(() => expect(picked()).toBe('big_cat'));
  });
});
