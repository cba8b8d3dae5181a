import type { Deps } from '../platform/deps.ts';
import { setBadge, suspend } from '../modules/moderation/moderation.service.ts';
import { report } from '../modules/moderation/reports.service.ts';
import { createPost } from '../modules/posts/posts.service.ts';
import { actorOf, picture } from './demo-content.ts';
import type { DemoAccount } from './demo-seed.ts';

/**
 * The admin area's demo (decision 0022): demo_admin verified demo_artist and suspended
 * demo_spammer for a week, so /admin/users shows a restricted account, its sign-in shows the
 * message, and the audit log has entries. demo_painter shares an AI-assisted study (the AI label,
 * decision 0025), and demo_client reports it as wrongly labelled, so the report queue has an open
 * case to work (relabel, hide, resolve or dismiss).
 */
export async function seedDemoModeration(
  deps: Deps,
  accounts: {
    admin: DemoAccount;
    artist: DemoAccount;
    spammer: DemoAccount;
    painter?: DemoAccount;
    client?: DemoAccount;
  },
): Promise<void> {
  const staff = actorOf(accounts.admin.id, accounts.admin.login, accounts.admin.roles);
  if (accounts.painter && accounts.client) {
    const painter = actorOf(accounts.painter.id, accounts.painter.login, accounts.painter.roles);
    const study = await createPost(deps, painter, {
      postContent:
        'Lighting study: I painted over a generated block-in to test the colours before the real piece.',
      attachedMedia: [(await picture(deps, painter, 'post', [1000, 750], [200, 250, 40], 31)).id],
      maturity: 'sfw',
      aiLabel: 'assisted',
    });
    const client = actorOf(accounts.client.id, accounts.client.login, accounts.client.roles);
    await report(deps, client, {
      targetKind: 'post',
      targetId: String(study.id),
      reason: 'wrong_maturity',
      comment: 'The second figure is barely dressed; should this not be labelled questionable?',
    });
  }
  await setBadge(deps, staff, accounts.artist.login, { badge: 'verified', set: true });
  await suspend(deps, staff, accounts.spammer.login, {
    days: 7,
    reason: 'The same advert posted under every post.',
  });
}
