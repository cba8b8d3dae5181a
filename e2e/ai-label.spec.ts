import { expect, test } from '@playwright/test';
import { AI_POLICY } from '../packages/shared/src/ai/policy.ts';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

/**
 * The AI label (decision 0025): an artist posts with "AI-generated" and the label shows on the post;
 * another reader turns on "Hide AI-labelled content" and the post leaves their feed while its
 * author still sees it; the terms' AI section opens from /terms#ai. Every screen passes axe at
 * both widths.
 */
test('an AI-generated post is labelled, a reader hides AI content, and the terms explain it', async ({
  page,
  browser,
}) => {
  const artist = await registerByApi(page.request, 'aiart');
  await page.goto('/feed');
  const creator = page.getByRole('region', { name: 'New post' });
  const text = `Moonlit harbour ${Date.now()}`;
  await creator.getByLabel('New post').fill(text);
  await creator.getByRole('combobox', { name: 'AI label' }).selectOption({ label: 'AI-generated' });
  await expect(creator.getByRole('link', { name: /What the labels mean/ })).toHaveAttribute(
    'href',
    '/terms#ai',
  );
  await checkA11y(page, 'post creator with an AI label');
  await creator.getByRole('button', { name: 'Post', exact: true }).click();

  const mine = page.getByRole('article', { name: `Post by ${artist.login}` }).filter({ hasText: text });
  await expect(mine.getByText('AI-generated', { exact: true })).toBeVisible();
  // The creator starts the next post with no label.
  await expect(creator.getByRole('combobox', { name: 'AI label' })).toHaveValue('');
  await checkA11y(page, 'feed with an AI-labelled post');

  // Another reader sees the labelled post, then hides AI-labelled content.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await registerByApi(reader.request, 'airead');
  await reader.goto('/feed');
  const theirs = reader.getByRole('article', { name: `Post by ${artist.login}` }).filter({ hasText: text });
  await expect(theirs.getByText('AI-generated', { exact: true })).toBeVisible();

  await reader.goto('/settings/general');
  const hide = reader.getByRole('switch', { name: /Hide AI-labelled content/ });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await checkA11y(reader, 'settings, hide AI-labelled content');
  await reader.getByRole('button', { name: 'Save settings' }).click();
  await expect(reader.getByText('Settings updated!')).toBeVisible();
  await expect(reader.getByRole('switch', { name: /Hide AI-labelled content/ })).toBeChecked();

  // Gone from the reader's feed (opened from the header: the cached feed must refetch)…
  await reader.getByRole('link', { name: 'Feed', exact: true }).first().click();
  await expect(reader).toHaveURL(/\/feed$/);
  await expect(reader.getByRole('region', { name: 'New post' })).toBeVisible();
  await expect(reader.getByText(text)).toHaveCount(0);
  // …and after a reload too, while its author still sees it.
  await reader.reload();
  await expect(reader.getByRole('region', { name: 'New post' })).toBeVisible();
  await expect(reader.getByText(text)).toHaveCount(0);
  await page.reload();
  await expect(mine.getByText('AI-generated', { exact: true })).toBeVisible();

  // The setting's link leads to the terms' AI section.
  await reader.goto('/terms#ai');
  const heading = reader.getByRole('heading', { level: 2, name: AI_POLICY.heading });
  await expect(heading).toBeInViewport();
  await expect(reader.locator('section#ai')).toContainText(AI_POLICY.paragraphs[0]);
  await checkA11y(reader, 'terms, the AI section');
  await other.close();
});
