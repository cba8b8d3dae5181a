import { expect, test } from '@playwright/test';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { TAG_TYPES } from '../packages/shared/src/tags/constants.ts';

/**
 * The tag wiki (decision 0015): a signed-in member creates a tag with a parent and a synonym, finds it in
 * the table by the synonym, edits it; a second editor's stale save shows what changed meanwhile;
 * the FAQ. Every screen is checked by axe at 1280 and 390 px.
 */
test('create a tag with a parent and a synonym, find it by the synonym, edit it, meet a conflict', async ({
  page,
  browser,
}) => {
  await registerByApi(page.request, 'wiki');
  const stem = `e2e${Date.now().toString(36)}`;
  const parent = `${stem}_feline`;
  const title = `${stem}_cat`;
  const synonym = `${stem}_kitty`;

  // One tag of every type: each is drawn in its own colour (this server starts without the demo
  // tags, and a table of General tags alone once hid the Species colour's low contrast).
  for (const tagType of TAG_TYPES) {
    const res = await page.request.post('/api/tag/create', {
      data: { title: `${stem}_${tagType.toLowerCase()}`, tagType },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The header reaches the wiki.
  await page.goto('/feed');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wiki' }).click();
  await expect(page).toHaveURL(/\/wiki\/tags$/);
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tags' }).fill(stem);
  const rows = page.getByRole('row').filter({ hasText: stem });
  await expect(rows).toHaveCount(TAG_TYPES.length);
  // Under the pointer too: a hovered row is the darkest background a title sits on.
  await rows.filter({ hasText: 'Species' }).hover();
  await checkA11y(page, 'wiki tags table', { schemes: ['light', 'dark'] });

  // The parent first, then the tag that implies it, with a new synonym.
  await page.getByRole('link', { name: 'Create tag' }).click();
  await expect(page).toHaveURL(/\/wiki\/tags\/create$/);
  await checkA11y(page, 'new tag form');
  await page.getByLabel('Title').fill(parent.replace('_', ' ').toUpperCase());
  await page.getByRole('textbox', { name: 'Description' }).fill('Cats big and small.');
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(page).toHaveURL(new RegExp(`/wiki/tag/${parent}$`));
  await expect(page.getByRole('heading', { name: parent.replace('_', ' ') })).toBeVisible();

  await page.goto('/wiki/tags/create');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('The house cat.');
  await page.getByRole('combobox', { name: 'Synonyms' }).fill(synonym);
  await page.getByRole('combobox', { name: 'Synonyms' }).press('Enter');
  const parents = page.getByRole('combobox', { name: 'Parent tags' });
  await parents.fill(`${stem}_fel`);
  // Suggestions come 500 ms after typing stops (SPEC §9); Enter picks the highlighted one.
  const option = page.getByRole('option', { name: new RegExp(parent) });
  await expect(option).toBeVisible();
  await checkA11y(page, 'new tag form with suggestions');
  await option.click();
  await page.getByRole('button', { name: 'Create tag' }).click();
  await expect(page).toHaveURL(new RegExp(`/wiki/tag/${title}$`));
  await expect(page.getByText('Tag created!')).toBeVisible();
  const tree = page.getByRole('list', { name: 'Tag tree' });
  await expect(tree.getByRole('link', { name: parent.replace('_', ' ') })).toBeVisible();
  await expect(page.getByText(synonym.replace('_', ' '), { exact: true })).toBeVisible();
  await checkA11y(page, 'tag page');

  // Found in the table by its synonym; the filter is kept in the URL.
  await page.goto('/wiki/tags');
  await page.getByRole('searchbox', { name: 'Search tags' }).fill(synonym);
  await expect(page).toHaveURL(new RegExp(`filter=${synonym}`));
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title.replace('_', ' ') }) });
  await expect(row).toHaveCount(1);
  await checkA11y(page, 'wiki table filtered by a synonym');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search tags' })).toHaveValue(synonym);
  await expect(row).toHaveCount(1);

  // Edit it.
  await row.getByRole('link', { name: title.replace('_', ' ') }).click();
  await page.getByRole('link', { name: 'Edit tag' }).click();
  await expect(page).toHaveURL(/\/wiki\/tags\/update\/\d+$/);
  const editUrl = page.url();
  await checkA11y(page, 'edit tag form');
  await page.getByRole('textbox', { name: 'Description' }).fill('The house cat, any breed.');
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByText('Tag updated!')).toBeVisible();
  // The description, then the history line that recorded it.
  await expect(page.getByText('The house cat, any breed.')).toHaveCount(2);
  await expect(page.getByText(/Description:/).first()).toBeVisible();

  // Two editors: the second one's save is stale, and sees what changed before choosing.
  await page.goto(editUrl);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('The house cat, any breed.');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerByApi(otherPage.request, 'wiki2');
  await otherPage.goto(editUrl);
  await otherPage.getByRole('textbox', { name: 'Description' }).fill('Felis catus.');
  await otherPage.getByRole('button', { name: 'Save tag' }).click();
  await expect(otherPage.getByText('Tag updated!')).toBeVisible();
  await other.close();
  await page.getByRole('textbox', { name: 'Description' }).fill('My own words.');
  await page.getByRole('button', { name: 'Save tag' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'This tag changed while you were editing' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText('Felis catus.')).toBeVisible();
  await checkA11y(page, 'edit tag form, stale edit');
  await conflict.getByRole('button', { name: 'Save my edit over theirs' }).click();
  await expect(page.getByText('Tag updated!')).toBeVisible();
  await expect(page.getByText('My own words.').first()).toBeVisible();
});

test('the FAQ explains privacy, badges and orders', async ({ page }) => {
  await page.goto('/wiki/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who can see my images?' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await checkA11y(page, 'wiki FAQ');
});

test('on a 390 px phone the tag picker opens its suggestions below the field, even near the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerByApi(page.request, 'wikiphone');
  // Three tags to suggest (this server starts without the demo tags).
  const stem = `e2e${Date.now().toString(36)}`;
  for (const kind of ['pencil', 'ink', 'paint']) {
    const created = await page.request.post('/api/tag/create', { data: { title: `${stem}_${kind}` } });
    expect(created.ok()).toBe(true);
  }
  await page.goto('/wiki/tags/create');
  const parents = page.getByRole('combobox', { name: 'Parent tags' });
  // With the on-screen keyboard open, the field sits near the bottom of what is visible, with far
  // more room above it than below (where the list used to flip up and cover the field).
  await parents.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 400));
  const field = (await parents.boundingBox())!;
  expect(field.y).toBeGreaterThan(350);
  await page.setViewportSize({ width: 390, height: Math.round(field.y + field.height + 60) });
  await parents.pressSequentially(stem);
  // The suggestions come after the 500 ms debounce.
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option')).toHaveCount(3);
  const after = (await parents.boundingBox())!;
  const dropdown = (await list.boundingBox())!;
  expect(dropdown.y).toBeGreaterThanOrEqual(after.y + after.height - 1);
  await page.screenshot({ path: test.info().outputPath('picker-phone.png') });
  await checkA11y(page, 'new tag form with suggestions on a phone');
});
