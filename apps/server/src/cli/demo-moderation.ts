import type { Deps } from '../platform/deps.ts';
import { setBadge, suspend } from '../modules/moderation/moderation.service.ts';
import { actorOf } from './demo-content.ts';
import type { DemoAccount } from './demo-seed.ts';

/**
 * The admin area's demo (decision 0022): demo_admin verified demo_artist and suspended
 * demo_spammer for a week, so /admin/users shows a restricted account, its sign-in shows the
 * message, and the audit log has entries.
 */
export async function seedDemoModeration(
  deps: Deps,
  accounts: { admin: DemoAccount; artist: DemoAccount; spammer: DemoAccount },
): Promise<void> {
  const staff = actorOf(accounts.admin.id, accounts.admin.login, accounts.admin.roles);
  await setBadge(deps, staff, accounts.artist.login, { badge: 'verified', set: true });
  await suspend(deps, staff, accounts.spammer.login, {
    days: 7,
    reason: 'The same advert posted under every post.',
  });
}
