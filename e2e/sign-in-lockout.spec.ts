import { expect, test, type Page } from '@playwright/test';
import { LOGIN_LIMITS } from '@brushline/shared/auth/constants';
import { checkA11y } from './a11y.ts';
import { registerByApi } from './accounts.ts';
import { codeFromOutbox } from './outbox.ts';

/**
 * docs/decisions/0011-hardening.md "Sign-in limits": wrong passwords from several other addresses
 * lock browsers the account does not know out for an hour, the right password included. The owner
 * on a new browser is told why, resets the password by e-mail there and is let in; another new
 * browser stays locked out.
 */
test('a locked-out owner is told why, resets the password in this browser and signs in; another browser stays out', async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerByApi(request, 'locked');
  // A guesser spreads wrong passwords over addresses (the e2e server trusts X-Forwarded-For).
  for (let i = 0; i < LOGIN_LIMITS.account.points; i += 1) {
    const res = await request.post('/api/auth/login', {
      data: { login: owner.login, password: `guess-${i}` },
      headers: { 'x-forwarded-for': `10.66.${Math.floor(i / 10)}.${(i % 10) + 1}` },
    });
    expect(res.status()).toBe(401);
  }

  const signIn = async (p: Page, password: string) => {
    await p.getByLabel('Login or e-mail').fill(owner.login);
    await p.getByLabel('Password', { exact: true }).fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
  };
  const lockedAlert = (p: Page) =>
    p.getByRole('alert').filter({ hasText: 'Sign-in from this browser is paused' });

  await page.goto('/login');
  await signIn(page, owner.password);
  await expect(lockedAlert(page)).toContainText('Too many wrong passwords were tried for this account');
  await expect(lockedAlert(page)).toContainText('from other places');
  await checkA11y(page, 'login, locked out');

  await lockedAlert(page).getByRole('link', { name: 'Reset your password by e-mail' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  const asked = Date.now();
  await page.getByLabel('Login or e-mail').fill(owner.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/reset\/verify$/);
  const code = await codeFromOutbox(owner.email, /reset code: (RS-[A-Z0-9]{10})/, asked);
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/reset\/change$/);
  await page.getByLabel('New password', { exact: true }).fill('after-the-lockout');
  await page.getByLabel('Repeat password', { exact: true }).fill('after-the-lockout');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // This browser finished the reset, so the account knows it now.
  await signIn(page, 'after-the-lockout');
  await expect(page).toHaveURL(new RegExp(`/profile/${owner.login}/home$`));

  // A browser that did not is still locked out, with the new password too.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto('/login');
    await signIn(other, 'after-the-lockout');
    await expect(lockedAlert(other)).toBeVisible();
    await expect(other).toHaveURL(/\/login$/);
  } finally {
    await elsewhere.close();
  }
});
