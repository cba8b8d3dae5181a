import { Fieldset, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import { FLAG_BADGES, type FlagBadge } from '@brushline/shared/moderation/constants';
import { ROLES, type Role } from '@brushline/shared/roles';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useUserAction } from '../api/admin-queries.ts';
import { roleLabel, roleName } from '../admin-text.ts';

/** What the staff roles give, said before one is granted or taken away. */
const staffRoleMeaning: Partial<Record<Role, string>> = {
  admin:
    'An admin has every staff tool: they suspend and ban staff too, grant and revoke roles, set badges and read the audit log.',
  moderator:
    'A moderator finds users, warns, suspends and bans them, lifts restrictions and ends sessions; not of staff.',
};

/** Plain labels: Mantine writes a switch's description inside its label, into its name. */
const badgeLabels: Record<FlagBadge, string> = { verified: 'Verified', alpha: 'Alpha' };

/**
 * Admins only: the account's roles and the badges staff set by hand, one switch each. Each switch
 * is one call; granting or revoking a staff role asks first.
 */
export function RolesAndBadges({ user }: { user: AdminUserDetail }) {
  const role = useUserAction(user.login, 'role');
  const badge = useUserAction(user.login, 'badge');
  const busy = role.isPending || badge.isPending;
  const banned = user.restriction?.kind === 'banned';

  const report = (call: Promise<{ message: string }>) =>
    void call.then(
      ({ message }) => toast.success(message),
      (err: Error) => toast.error(err.message),
    );

  const setRole = (r: Role, granted: boolean) => {
    const send = () => report(role.mutateAsync({ role: r, granted }));
    const meaning = staffRoleMeaning[r];
    if (!meaning) return send();
    openConfirmModal({
      title: granted
        ? `Grant @${user.login} the role ${roleName(r)}?`
        : `Revoke the role ${roleName(r)} from @${user.login}?`,
      children: (
        <Text size="sm">
          {granted ? meaning : `They lose the tools of a ${roleName(r)} at once. ${meaning}`}
        </Text>
      ),
      labels: { confirm: granted ? `Grant ${roleName(r)}` : `Revoke ${roleName(r)}`, cancel: 'Cancel' },
      confirmProps: granted ? {} : { color: 'red' },
      onConfirm: send,
    });
  };

  return (
    <Stack component="section" aria-labelledby="roles-and-badges" gap="sm">
      <Title order={3} fz="h4" id="roles-and-badges">
        Roles and badges
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fieldset legend="Roles" variant="filled">
          <Stack gap="xs">
            {ROLES.map((r) => (
              <Switch
                key={r}
                label={roleLabel(r)}
                checked={user.roles.includes(r)}
                disabled={busy}
                onChange={(e) => setRole(r, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend="Badges" variant="filled">
          <Stack gap="xs">
            {banned && (
              <Text size="sm" c="dimmed">
                A banned account shows no badge but “Banned”: these wait until the ban is lifted.
              </Text>
            )}
            {FLAG_BADGES.map((b) => (
              <Switch
                key={b}
                label={badgeLabels[b]}
                checked={user.badges.includes(b)}
                disabled={busy || banned}
                onChange={(e) => report(badge.mutateAsync({ badge: b, set: e.currentTarget.checked }))}
              />
            ))}
          </Stack>
        </Fieldset>
      </SimpleGrid>
    </Stack>
  );
}
