import { expect, test } from '@playwright/test';
import { checkA11y } from './a11y.ts';
import { codeFromOutbox } from './outbox.ts';

test('register with an e-mailed code, log out, reset the password, sign in with the new one', async ({
  page,
}) => {
  const login = `ann_${Date.now().toString(36)}`;
  const email = `${login}@example.test`;

  await page.goto('/');
  await checkA11y(page, 'home, signed out');
  await page.getByRole('link', { name: 'Create account' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await checkA11y(page, 'register');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByLabel('Repeat password', { exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please agree with our policies and TOS')).toBeVisible();
  await checkA11y(page, 'register, policies not agreed');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/register\/verify$/);
  await checkA11y(page, 'register: code');
  const code = await codeFromOutbox(email, /registration code: (\d{6})/);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(new RegExp(`/profile/${login}/home$`));
  await expect(page.getByRole('heading', { name: login })).toBeVisible();
  await expect(page.getByText(`@${login}`).first()).toBeVisible();
  await checkA11y(page, 'new profile');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await checkA11y(page, 'account menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await checkA11y(page, 'login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await checkA11y(page, 'reset');
  const asked = Date.now();
  await page.getByLabel('Login or e-mail').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/reset\/verify$/);
  await expect(page.getByPlaceholder('RS-XXXXXXXXXX')).toBeVisible();
  await checkA11y(page, 'reset: code');
  const resetCode = await codeFromOutbox(email, /reset code: (RS-[A-Z0-9]{10})/, asked);
  await page.getByLabel('Recovery code').fill(resetCode);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reset\/change$/);
  await checkA11y(page, 'reset: new password');
  await page.getByLabel('New password', { exact: true }).fill('second-pass');
  await page.getByLabel('Repeat password', { exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password was successfully updated!')).toBeVisible();
  await checkA11y(page, 'login after reset');

  await page.getByLabel('Login or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong login or password' })).toBeVisible();
  await checkA11y(page, 'login, wrong password');

  await page.getByLabel('Password', { exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${login}/home$`));
  await expect(page.getByRole('heading', { name: login })).toBeVisible();
});

test('an unknown route shows the 404 screen; an unknown API path answers JSON', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByLabel('404')).toBeVisible();
  await expect(page.getByText('This page does not exist')).toBeVisible();
  await checkA11y(page, '404');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
});

test('legal pages show the date and the contact mailbox', async ({ page }) => {
  for (const path of ['/policy/en', '/policy/ru', '/terms']) {
    await page.goto(path);
    await expect(page.getByText(/24[./]05[./]2024/).first()).toBeVisible();
    await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
    await checkA11y(page, `legal ${path}`);
  }
});
