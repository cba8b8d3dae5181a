import { Group, Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { toPath } from '@brushline/shared/paths';

const tabs = [
  { value: 'profileHome', label: 'Home' },
  { value: 'profileCards', label: 'Cards' },
  { value: 'profileGallery', label: 'Gallery' },
  { value: 'profileReviews', label: 'Reviews' },
] as const;

/** SPEC §2 profile children (home, cards, gallery) and the reviews (decision 0023) as links. */
export function ProfileTabs({ login, current }: { login: string; current: (typeof tabs)[number]['value'] }) {
  const navigate = useNavigate();
  return (
    <Group>
      <Tabs
        value={current}
        onChange={(v) => v && void navigate(toPath(v as (typeof tabs)[number]['value'], { login }))}
      >
        <Tabs.List aria-label="Profile sections">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Group>
  );
}
