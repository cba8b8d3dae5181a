import { Anchor, Button, Card, Group, Stack, Switch, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { messages } from '@brushline/shared/messages';
import type { Me, UserSettings } from '@brushline/shared/users/schemas';
import { MINIMUM_AGE } from '@brushline/shared/auth/constants';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { aiPolicyHref } from '../../../lib/ai-policy.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateSettings } from '../api/user-mutations.ts';
import { settingsQuery } from '../api/user-queries.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';

type Flags = Omit<UserSettings, 'id'>;

const switches: { key: keyof Flags; label: string; description: ReactNode }[] = [
  {
    key: 'displayNSFW',
    label: 'Show NSFW posts',
    description: `Posts marked NSFW appear in your feed. You confirmed you are over ${MINIMUM_AGE} when you registered.`,
  },
  {
    key: 'displayQuestionable',
    label: 'Show questionable posts',
    description: 'Posts marked questionable appear in your feed.',
  },
  {
    key: 'hideAI',
    label: 'Hide AI-labelled content',
    description: (
      <>
        Posts, gallery images and commission cards labelled AI-generated or AI-assisted leave your feed,
        galleries, profiles and the artists list. Your own work stays visible to you.{' '}
        <Anchor href={aiPolicyHref} target="_blank" rel="noopener" inherit>
          About AI labels
          <IconExternalLink size="0.9em" aria-hidden style={{ marginLeft: 2, verticalAlign: '-0.1em' }} />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      </>
    ),
  },
  {
    key: 'isArtist',
    label: 'I am an artist',
    description: 'Opens the artist tools of the CRM: commission cards and incoming requests.',
  },
];

function GeneralForm({ me, saved }: { me: Me; saved: UserSettings }) {
  const [flags, setFlags] = useState<Flags>({
    displayNSFW: saved.displayNSFW,
    displayQuestionable: saved.displayQuestionable,
    isArtist: saved.isArtist,
    hideAI: saved.hideAI,
  });
  const update = useUpdateSettings(me.displayLogin);
  const changed = switches.some(({ key }) => flags[key] !== saved[key]);

  // mutateAsync, not mutate's callbacks: a save changes the saved values, which re-keys this form
  // while the session and feed refetch; callbacks of an unmounted observer are dropped, and
  // "Settings updated!" never showed.
  const save = async () => {
    try {
      await update.mutateAsync({ id: me.id, ...flags });
      toast.success(messages.settingsUpdated);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        {switches.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={flags[key]}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setFlags((f) => ({ ...f, [key]: checked }));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending} disabled={!changed}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /settings/general: SPEC §3 user settings, loaded and saved through the SPEC §7 calls. */
export function SettingsGeneralPage() {
  const me = useOutletContext<Me>();
  const { data, error, isPending, refetch } = useQuery(settingsQuery(me.displayLogin));
  return (
    <SettingsSection title="General" description="What your feed shows, and whether you take commissions.">
      {isPending ? (
        <LoadingState label="Loading settings" py="lg" />
      ) : error ? (
        <ErrorState title="Could not load your settings" message={error.message} onRetry={refetch} />
      ) : (
        // Keyed by the saved values, so the form starts again from them after a save or refetch.
        <GeneralForm key={JSON.stringify(data)} me={me} saved={data} />
      )}
      <YourDataSection me={me} />
    </SettingsSection>
  );
}
