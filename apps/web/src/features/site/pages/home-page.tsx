import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/api/session-queries.ts';

const points = [
  {
    title: 'Clear prices',
    text: 'Artists publish cards with every option priced in USD. You see the total before you order.',
  },
  {
    title: 'Safe accounts',
    text: 'Verified e-mail, strong password hashing, and sessions you can end from anywhere.',
  },
  {
    title: 'Yours to host',
    text: 'Open source and self-hostable: one command starts the whole marketplace.',
  },
];

export function HomePage() {
  const { user } = useSession();
  return (
    <Stack gap="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" maw={680}>
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Commission art from artists you trust
        </Title>
        <Text size="lg" c="dimmed">
          Brushline is an open marketplace for art commissions: artists offer priced commission cards,
          commissioners order them or post requests, and both sides follow every order to done.
        </Text>
        <Group>
          {user ? (
            <Button size="md" component={Link} to={`/profile/${user.displayLogin}/home`}>
              Go to your profile
            </Button>
          ) : (
            <>
              <Button size="md" component={Link} to="/register">
                Create an account
              </Button>
              <Button size="md" variant="default" component={Link} to="/login">
                Sign in
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {points.map((p) => (
          <Card key={p.title} withBorder padding="lg">
            <Title order={3} size="h4" mb="xs">
              {p.title}
            </Title>
            <Text size="sm" c="dimmed">
              {p.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
