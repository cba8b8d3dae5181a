import { expect, test, type Browser } from '@playwright/test';
import { checkA11y } from './a11y.ts';
import { signInDemo, startDemoServer, type DemoServer } from './demo-server.ts';

/**
 * Trust and safety (decisions 0022, 0023), on a server started with its demo data
 * (e2e/demo-server.ts), where demo_admin is an admin, demo_spammer is already suspended and the
 * client has a done order with demo_painter not yet reviewed: the client reports a post and the
 * admin hides it from the report queue (the client is told); the client reviews the painter, the
 * rating shows on /artists sorted by rating, and the painter answers on the order page; the admin
 * suspends the client while they are signed in in another browser, and that browser is sent to
 * sign-in with the message. Every new screen passes axe at both widths.
 */

let demo: DemoServer;
// Beside the run's own server (3199) and the money journey's demo server (3198).
const DEMO_PORT = Number(process.env.E2E_MODERATION_PORT ?? 3197);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  demo = await startDemoServer(DEMO_PORT);
});
test.afterAll(async () => {
  await demo?.stop();
});

const signIn = (browser: Browser, login: string) => signInDemo(browser, demo, login);

test('a user reports a post, a moderator hides it from the queue, and the reporter is told', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const client = await signIn(browser, 'demo_client');
  await client.goto('/feed');
  const post = client.getByRole('article', { name: 'Post by Demo Artist' }).first();
  await post.getByRole('button', { name: 'Report this post' }).click();
  const dialog = client.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('radio', { name: 'Stolen art' }).check();
  await dialog.getByRole('textbox', { name: /What is wrong/ }).fill('This is my drawing from 2019');
  await checkA11y(client, 'report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(client.getByText('Thank you: your report is sent to the staff.')).toBeVisible();

  const admin = await signIn(browser, 'demo_admin');
  await admin.goto('/admin/users');
  await admin.getByRole('tab', { name: 'Reports' }).click();
  await expect(admin).toHaveURL(/\/admin\/reports/);
  const caseLink = admin
    .getByRole('region', { name: 'Cases' })
    .getByRole('link', { name: /^Post #\d+ by @demo_artist/ });
  await expect(caseLink).toBeVisible();
  await checkA11y(admin, 'admin reports');
  await caseLink.click();
  await expect(admin).toHaveURL(/\/admin\/reports\/\d+/);
  await expect(admin.getByRole('region', { name: 'What was reported' })).toContainText(
    'This is my drawing from 2019',
  );
  await admin.getByRole('button', { name: 'Take this case' }).click();
  await expect(admin.getByRole('button', { name: 'Give it back' })).toBeVisible();
  await checkA11y(admin, 'admin report case');
  const end = admin.getByRole('region', { name: 'End the case' });
  await end.getByRole('radio', { name: 'Hide the post' }).check();
  await end.getByRole('textbox', { name: 'Resolution' }).fill('Reposting others’ art is not allowed.');
  await end.getByRole('button', { name: 'End the case' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Hide the post and resolve the case?' });
  await confirm.getByRole('button', { name: 'Hide and resolve', exact: true }).click();
  await expect(admin.getByRole('region', { name: 'How it ended' })).toContainText(
    'Reposting others’ art is not allowed.',
  );

  // The reporter is told how it ended; the post is gone from their feed.
  await client.goto('/notifications');
  await expect(
    client.getByText(/Your report about a post was resolved: Reposting others’ art is not allowed\./),
  ).toBeVisible();
  await client.goto('/feed');
  await expect(client.getByText('This is my drawing from 2019')).toHaveCount(0);
});

test('a buyer reviews the artist of a done order; the average shows on /artists, and the artist answers', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const client = await signIn(browser, 'demo_client');
  const outgoing = await (await client.request.get('/api/comissionforms/outgoing')).json();
  const pet = (outgoing as { id: number; cardTitle: string; status: string }[]).find(
    (f) => f.cardTitle === 'Pet portrait in watercolour' && f.status === 'done',
  )!;
  await client.goto(`/order/${pet.id}`);
  const reviews = client.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('cannot be edited');
  await checkA11y(client, 'order page, review form');
  // The fourth star, clicked as a person clicks it (Mantine's radio under it is visually hidden).
  const fourth = reviews.getByRole('radiogroup', { name: 'Your rating' }).getByLabel('4 stars');
  await client.locator(`label[for="${await fourth.getAttribute('id')}"]`).click();
  await reviews.getByLabel('Your review (optional)').fill('Soft colours and a very patient painter.');
  await reviews.getByRole('button', { name: 'Publish review' }).click();
  await expect(client.getByText('Thank you: your review is published.')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();

  // Anyone sees the painter's average on /artists, best rated first.
  const visitor = await (await browser.newContext({ baseURL: demo.url })).newPage();
  await visitor.goto('/artists');
  await visitor.locator('label', { hasText: 'Top rated' }).click();
  await expect(visitor).toHaveURL(/sort=rating/);
  const cards = visitor.getByRole('img', { name: /^Rated / });
  await expect(cards).toHaveText(['5.0 (1)', '4.0 (1)']);
  await expect(visitor.getByRole('img', { name: 'Rated 4.0 of 5 from 1 review' })).toBeVisible();
  await checkA11y(visitor, 'artists, top rated');

  // The painter is told, answers on the order page, and the answer shows on their Reviews tab.
  const painter = await signIn(browser, 'demo_painter');
  await painter.goto('/notifications');
  await painter.getByText(/demo_client reviewed you for “Pet portrait in watercolour”/).click();
  await expect(painter).toHaveURL(new RegExp(`/order/${pet.id}`));
  const theirs = painter.getByRole('region', { name: 'Reviews' });
  await theirs.getByRole('button', { name: 'Answer' }).click();
  await theirs.getByRole('textbox', { name: /answer/i }).fill('Thank you! Give Miso a scratch from me.');
  await theirs.getByRole('button', { name: 'Publish answer' }).click();
  await expect(theirs).toContainText('Give Miso a scratch from me.');
  await visitor.goto('/profile/demo_painter/reviews');
  await expect(visitor.getByText('Give Miso a scratch from me.')).toBeVisible();
  await expect(visitor.getByText('4.0 ★ (1 review)')).toBeVisible();
  await checkA11y(visitor, 'profile reviews');
});

test('an admin suspends a signed-in user: their open browser goes to sign-in with the end date and the reason', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const client = await signIn(browser, 'demo_client');
  await client.goto('/crm/outgoing/orders');
  await expect(client.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const admin = await signIn(browser, 'demo_admin');
  await admin.getByRole('button', { name: 'Account menu' }).click();
  await admin.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(admin).toHaveURL(/\/admin\/users/);
  // The demo's suspended account is listed with its status.
  await expect(admin.getByRole('region', { name: 'Users found' })).toContainText('demo_spammer');
  await checkA11y(admin, 'admin users');
  await admin.getByLabel('Search users').fill('demo_client');
  await expect(admin).toHaveURL(/q=demo_client/);
  await admin
    .getByRole('link', { name: /demo_client/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/users\/demo_client/);
  await checkA11y(admin, 'admin user');

  await admin.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspend @demo_client' });
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByLabel('Reason').fill('Rude messages to artists');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Suspend @demo_client until');
  await checkA11y(admin, 'admin user, confirming a suspension');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(admin.getByText('The account is suspended.')).toBeVisible();

  // The client's open browser hears it over the hub and lands on sign-in with the message.
  await expect(client).toHaveURL(/\/login/, { timeout: 10_000 });
  const notice = client.getByRole('alert').filter({ hasText: 'Your account is suspended until' });
  await expect(notice).toContainText('Reason: Rude messages to artists');
  await checkA11y(client, 'sign in, account suspended');
  // Signing in again is refused with the same words.
  await client.getByLabel('Login or e-mail').fill('demo_client');
  await client.getByLabel('Password', { exact: true }).fill(demo.passwords.demo_client!);
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    client.getByText(/Your account is suspended until .*Rude messages to artists/).first(),
  ).toBeVisible();

  // The audit log has it, with who did it.
  await admin
    .getByRole('tab', { name: 'Audit log' })
    .or(admin.getByRole('link', { name: 'Audit log' }))
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/audit/);
  await expect(admin.getByText('suspended for 3 days').first()).toBeVisible();
  await checkA11y(admin, 'admin audit log');

  // The System tab: this instance's readiness and the job queues, as staff watch them.
  await admin
    .getByRole('tab', { name: 'System' })
    .or(admin.getByRole('link', { name: 'System' }))
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/system/);
  await expect(admin.getByText('Every required dependency answers.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Job queues' })).toContainText('order-timers');
  await checkA11y(admin, 'admin system');

  // Lifted, the client signs in again.
  await admin.goto('/admin/users/demo_client');
  await admin.getByRole('button', { name: 'Lift' }).click();
  const lift = admin.getByRole('dialog', { name: 'Lift the suspension of @demo_client' });
  await lift.getByLabel('Reason').fill('Apologised');
  await lift.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(admin.getByText('The suspension is lifted.')).toBeVisible();
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client).not.toHaveURL(/\/login/);
});
