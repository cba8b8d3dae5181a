import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y } from './a11y.ts';
import { artistWithOpenCardAndOrder, ok } from './commissions.ts';

/** A portrait sketch, uploaded as the artist's work in progress. */
async function sketch(request: APIRequestContext): Promise<string> {
  const buffer = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7d3c98' } })
    .png()
    .toBuffer();
  const res = await request.post('/api/media?purpose=delivery', {
    multipart: { file: { name: 'sketch.png', mimeType: 'image/png', buffer } },
  });
  return ((await ok(res)) as { id: string }).id;
}

test('the commissioner answers a work in progress on the order page, and the artist sees it live', async ({
  page,
  browser,
}) => {
  const { bobContext, bob, form, orderPath } = await artistWithOpenCardAndOrder(page, browser, {
    card: { title: 'Owl sketch', startingPrice: 25 },
    description: 'A snowy owl at night',
    stage: 'inProgress',
  });
  await ok(
    await page.request.post(`/api/task/${form.task.id}/wip`, {
      data: { files: [await sketch(page.request)], message: 'First pass at the pose' },
    }),
  );

  // Ann keeps the order page open: Bob's answers reach it without a reload.
  await page.goto(orderPath);
  const annWip = page.getByRole('listitem', { name: 'Work in progress' });
  await expect(annWip).toContainText('First pass at the pose');
  await expect(annWip.getByRole('button', { name: 'Looks good' })).toHaveCount(0);

  await bob.goto(orderPath);
  const wip = bob.getByRole('listitem', { name: 'Work in progress' });
  await expect(wip).toContainText('First pass at the pose');
  await checkA11y(bob, 'order page, buyer, work in progress to answer');

  await wip.getByRole('button', { name: 'Looks good' }).click();
  await expect(bob.getByText('The artist is told it looks good')).toBeVisible();
  await expect(wip.getByText(/You told the artist/)).toBeVisible();
  await expect(wip.getByRole('button', { name: 'Looks good' })).toHaveCount(0);
  await expect(annWip.getByText(/The commissioner said so/)).toBeVisible();

  // Comment: an empty one is refused where it was written; Escape closes the box.
  await wip.getByRole('button', { name: 'Comment' }).click();
  const box = wip.getByLabel('Your comment on this work in progress');
  await expect(box).toBeFocused();
  await wip.getByRole('button', { name: 'Send comment' }).click();
  await expect(wip.getByText('Write what you think of this work in progress')).toBeVisible();
  await checkA11y(bob, 'order page, buyer, writing a comment on a work in progress');
  await box.press('Escape');
  await expect(box).toBeHidden();

  await wip.getByRole('button', { name: 'Comment' }).click();
  await wip.getByLabel('Your comment on this work in progress').fill('Could the wings be spread wider?');
  await wip.getByRole('button', { name: 'Send comment' }).click();
  await expect(bob.getByText(/Comment sent/)).toBeVisible();
  await expect(wip.getByRole('list', { name: 'Comments on this work in progress' })).toContainText(
    'Could the wings be spread wider?',
  );

  // The artist sees the comment live on the order page and in the working chat.
  await expect(annWip).toContainText('Could the wings be spread wider?');
  await checkA11y(page, 'order page, artist, work in progress answered');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Open chat' }).click();
  await expect(page).toHaveURL(/\/wchat\/\d+$/);
  await expect(page.getByText('Could the wings be spread wider?').first()).toBeVisible();
  await bobContext.close();
});
