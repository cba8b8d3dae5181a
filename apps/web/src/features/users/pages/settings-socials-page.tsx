import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useOutletContext } from 'react-router';
import { SOCIAL_LINKS_MAX } from '@brushline/shared/users/constants';
import type { Me, SocialLink } from '@brushline/shared/users/schemas';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { socialsQuery } from '../api/user-queries.ts';
import { SettingsSection } from '../components/settings-section.tsx';
import { SocialRowEditor, type SocialRow } from '../components/social-row-editor.tsx';

const fromLink = (l: SocialLink): SocialRow => ({
  key: l.id,
  id: l.id,
  title: l.title,
  url: l.url,
  saved: { title: l.title, url: l.url },
});

/**
 * The rows live here, not in the query cache: unsaved rows (SPEC §4: ids 0 or below, counting
 * down) must survive the refetch that follows saving another row.
 */
function SocialsEditor({ me, initial }: { me: Me; initial: SocialLink[] }) {
  const [rows, setRows] = useState<SocialRow[]>(() => initial.map(fromLink));
  const nextLocalId = useRef(-1);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const full = rows.length >= SOCIAL_LINKS_MAX;

  const addRow = () => {
    const id = nextLocalId.current;
    nextLocalId.current -= 1;
    setRows((r) => [...r, { key: id, id, title: '', url: '', saved: null }]);
    setFocusKey(id);
  };

  return (
    <Stack>
      {rows.length === 0 && (
        <Text c="dimmed">
          You have not connected any social links yet. Add your gallery, shop or social pages so commissioners
          can find your work.
        </Text>
      )}
      {rows.map((row) => (
        <SocialRowEditor
          key={row.key}
          row={row}
          login={me.displayLogin}
          autoFocus={row.key === focusKey}
          onChange={(patch) => setRows((all) => all.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))}
          onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}
        />
      ))}
      <div>
        <Button variant="light" onClick={addRow} disabled={full}>
          Add new social link
        </Button>
        {full && (
          <Text size="sm" c="dimmed" mt={4}>
            You can connect up to {SOCIAL_LINKS_MAX} links. Delete one to add another.
          </Text>
        )}
      </div>
    </Stack>
  );
}

/** /settings/socials: SPEC §2 list of connected socials with Save, Delete and Add new social link. */
export function SettingsSocialsPage() {
  const me = useOutletContext<Me>();
  const { data, error, isPending, refetch } = useQuery(socialsQuery(me.displayLogin));
  return (
    <SettingsSection
      title="Socials"
      description="Links shown on your profile. Each needs a title and an https:// address."
    >
      {isPending ? (
        <LoadingState label="Loading social links" py="lg" />
      ) : error ? (
        <ErrorState title="Could not load your social links" message={error.message} onRetry={refetch} />
      ) : (
        <SocialsEditor me={me} initial={data} />
      )}
    </SettingsSection>
  );
}
