import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { decodeMail } from '../apps/server/src/test/mail-decode.ts';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';

/**
 * People own their data (decision 0024): a user asks for their data in Settings, the
 * archive is prepared in the background and mailed; the mail's link opens a page that downloads
 * the zip (its data.json holds their post). Then they delete their account: the password and
 * the login typed out, they land on the feed signed out, and cannot sign in again. Each new
 * screen passes axe at 1280 and 390 px.
 */

/** The export link of the newest mail to `to` written since `after`, its token. */
async function exportTokenFor(to: string, after: number): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let token = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse().slice(0, 50);
        for (const f of files) {
          const mail = decodeMail(await readFile(join(dir, f), 'utf8'));
          const match = /\/account\/export\/([A-Za-z0-9_-]{43})/.exec(mail.text);
          if (mail.to === to && match && Date.now() >= after) return (token = match[1]!);
        }
        return '';
      },
      { timeout: 90_000 },
    )
    .not.toBe('');
  return token;
}

test('a user downloads their data from the mailed link, then deletes their account', async ({ page }) => {
  test.setTimeout(240_000);
  const ann = await registerByApi(page.request, 'leaver');
  const post = await page.request.post('/api/post', {
    data: { postContent: 'My last sketch here', maturity: 'sfw', attachedMedia: [] },
  });
  expect(post.status(), await post.text()).toBe(200);

  await page.goto('/settings/general');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  await checkA11y(page, 'settings: your data');
  const asked = Date.now();
  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/We are preparing your data/).first()).toBeVisible();
  // The job makes the archive and mails it; the section follows (it looks again every few seconds).
  await expect(section.getByRole('status')).toContainText('we e-mailed you a download link', {
    timeout: 90_000,
  });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeDisabled();
  await checkA11y(page, 'settings: export mailed');

  const token = await exportTokenFor(ann.email, asked);
  await page.goto(`/account/export/${token}`);
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await expect(page.getByText(`The link works only for you, signed in as ${ann.login}, until`)).toBeVisible();
  await checkA11y(page, 'download your data');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^brushline-data-${ann.login}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const path = await download.path();
  const files = unzipSync(new Uint8Array(await readFile(path)));
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    profile: { login: string; email: string };
    posts: { content: string }[];
  };
  expect(data.profile).toMatchObject({ login: ann.login, email: ann.email });
  expect(data.posts.map((p) => p.content)).toEqual(['My last sketch here']);
  // Their avatar (accounts.ts gives every account one) is in the archive as a file.
  expect(Object.keys(files).some((name) => name.startsWith('media/avatar/'))).toBe(true);

  // Leaving: the dialog asks the password and the login typed out.
  await page.goto('/settings/general');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await checkA11y(page, 'delete account dialog');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByLabel(`Type your login, ${ann.login}, to confirm`).fill(ann.login);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not right. Nothing was deleted.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(ann.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account is deleted. Thank you for having been here.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  // Shared feed pages live up to 2 s (docs/caches.md): within that, a reload no longer shows the post.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('My last sketch here')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // Their old password opens nothing, by login or e-mail.
  for (const login of [ann.login, ann.email]) {
    const signIn = await page.request.post('/api/auth/login', { data: { login, password: ann.password } });
    expect(signIn.status()).toBe(401);
  }
});
