import { Box, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '@brushline/shared/users/schemas';
import { IconArrowRight, IconBrush, IconLibraryPhoto } from '@tabler/icons-react';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../../lib/session.ts';
import { FeedPreview } from '../components/feed-preview.tsx';

/** Where "become an artist" leads: sign up first, then the artist switch, then the artist's own cards. */
function artistStep(user: Me | null) {
  if (!user)
    return {
      to: paths.register,
      label: 'Become an artist',
      hint: 'Create a free account, then turn on artist mode.',
    };
  if (!user.roles.includes('artist'))
    return {
      to: paths.settingsGeneral,
      label: 'Become an artist',
      hint: 'Turn on “I am an artist” in your settings.',
    };
  return { to: paths.crmCards, label: 'Your commission cards', hint: 'Publish or update what you offer.' };
}

const commissionerSteps = [
  'Browse the feed and open the profiles of artists you like.',
  'Open a commission card, pick the options you want and see the total in USD.',
  'Send the form, then follow your order from pending to done in the CRM.',
];

const artistSteps = [
  'Turn on artist mode in your settings.',
  'Create commission cards: sections of options, each with its price.',
  'Accept or decline incoming forms and move work along your tracker.',
];

function SideCard(props: {
  icon: ReactNode;
  title: string;
  steps: string[];
  action: { to: string; label: string };
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={props.title}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
            {props.icon}
          </ThemeIcon>
          <Title order={2} size="h3">
            {props.title}
          </Title>
        </Group>
        <List type="ordered" spacing="xs" size="sm" style={{ flex: 1 }}>
          {props.steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={props.action.to}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {props.action.label}
        </Button>
      </Stack>
    </Card>
  );
}

/** The landing page: what Brushline is, the feed to browse, and the way to start selling art. */
export function HomePage() {
  const { user } = useSession();
  const artist = artistStep(user);
  return (
    <Stack gap={48} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" maw={680} component="section" aria-label="Welcome">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Commission art from artists you trust
        </Title>
        <Text size="lg" c="dimmed">
          Brushline is an open marketplace for art commissions: artists share their work and offer priced
          commission cards, commissioners order them, and both sides follow every order to done.
        </Text>
        <Group gap="sm">
          <Button
            size="md"
            component={Link}
            to={paths.feed}
            leftSection={<IconLibraryPhoto size={18} aria-hidden />}
          >
            Browse the feed
          </Button>
          <Button
            size="md"
            variant="default"
            component={Link}
            to={artist.to}
            leftSection={<IconBrush size={18} aria-hidden />}
          >
            {artist.label}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {artist.hint}
        </Text>
      </Stack>

      <FeedPreview />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SideCard
          icon={<IconLibraryPhoto size={22} aria-hidden />}
          title="For commissioners"
          steps={commissionerSteps}
          action={
            user ? { to: paths.crm, label: 'Your orders' } : { to: paths.feed, label: 'Find an artist' }
          }
        />
        <SideCard
          icon={<IconBrush size={22} aria-hidden />}
          title="For artists"
          steps={artistSteps}
          action={{ to: artist.to, label: artist.label }}
        />
      </SimpleGrid>

      <Box component="section" aria-label="Why Brushline">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={600}>Clear prices</Text>
            <Text size="sm" c="dimmed">
              Every option on a commission card has its price in USD: you see the total before you order.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Safe accounts</Text>
            <Text size="sm" c="dimmed">
              Verified e-mail, strong password hashing, and pictures stripped of their hidden location data.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Yours to host</Text>
            <Text size="sm" c="dimmed">
              Open source and self-hostable: one command starts the whole marketplace.
            </Text>
          </Stack>
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
