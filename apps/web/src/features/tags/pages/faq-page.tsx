import { Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { BADGES } from '@brushline/shared/roles';
import { UserBadges } from '../../../components/user-badges.tsx';
import { WikiNav } from '../components/wiki-nav.tsx';

const badgeMeaning: Record<(typeof BADGES)[number], string> = {
  staff: 'Runs the site: an administrator or a moderator. Staff can also delete and merge wiki tags.',
  verified: 'Staff have confirmed who this person is.',
  artist: 'Takes commissions here (the “I am an artist” switch in Settings).',
  alpha: 'One of the first members, from the early days.',
  subscriber:
    'Supports the site with a subscription: a notifications panel, highlighted posts, larger uploads.',
  banned: 'Banned by staff; while the ban lasts no other badge is shown.',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section">
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /wiki/faq: privacy of images and folders, the badges, how an order moves (SPEC §2). */
export function FaqPage() {
  return (
    <Stack maw={820}>
      <WikiNav />
      <Title order={2} fz="h3">
        Frequently asked questions
      </Title>
      <Section title="Who can see my images?">
        <Text>Every image in a gallery has one of three privacy settings:</Text>
        <List spacing={4}>
          <List.Item>
            <b>Public</b> — shown in the main gallery, on your page and in your posts.
          </List.Item>
          <List.Item>
            <b>Private</b> — only on your page and in your posts, never in the main gallery.
          </List.Item>
          <List.Item>
            <b>Hidden</b> — only you see it, and the people where you posted it (for example the artist or
            client of an order).
          </List.Item>
        </List>
      </Section>
      <Section title="And my folders?">
        <Text>Folders have the same three settings, for everything inside them:</Text>
        <List spacing={4}>
          <List.Item>
            <b>Public</b> — anyone can open the folder.
          </List.Item>
          <List.Item>
            <b>Private</b> — shown on your page only.
          </List.Item>
          <List.Item>
            <b>Hidden</b> — only you, and the people you allow.
          </List.Item>
        </List>
      </Section>
      <Section title="What do the badges on a profile mean?">
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Badge</Table.Th>
              <Table.Th>Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BADGES.map((b) => (
              <Table.Tr key={b}>
                {/* As wide as the longest badge: squeezed at 390 px, the badges cut their names ("VER…"). */}
                <Table.Td style={{ width: 140, minWidth: 140 }}>
                  <UserBadges badges={[b]} focusable={false} />
                </Table.Td>
                <Table.Td>{badgeMeaning[b]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title="How does an order move from request to done?">
        <List type="ordered" spacing={4}>
          <List.Item>
            <b>Request.</b> You choose options on an artist's commission card, describe what you want, add
            references and send it. It waits in the artist's Incoming list; you can still cancel it.
          </List.Item>
          <List.Item>
            <b>Accepted.</b> The artist accepts (or declines, with a reason). It waits for them to start.
          </List.Item>
          <List.Item>
            <b>In progress.</b> The artist works and may share work in progress, such as a sketch to approve.
          </List.Item>
          <List.Item>
            <b>Delivered.</b> The artist delivers the files with a message. You view them full size and
            download them.
          </List.Item>
          <List.Item>
            <b>Done</b> — when you approve the delivery (this is final), or you send it back with what to
            change; each send-back counts against the revisions the card includes.
          </List.Item>
        </List>
        <Text size="sm">
          Follow yours in the CRM under{' '}
          <Anchor component={Link} to={paths.crmOutgoing}>
            Outgoing orders
          </Anchor>
          . Every step notifies the other side.
        </Text>
      </Section>
      <Section title="What are tags?">
        <Text>
          One shared vocabulary for galleries, display cards and requests, kept in the{' '}
          <Anchor component={Link} to={paths.wikiTags}>
            tag wiki
          </Anchor>
          . A synonym (like “kitty” for “cat”) always means its tag; a parent is implied (“cat” → “feline”),
          so searching for “animal” also finds cats. Anyone signed in can create and edit tags; every change
          is kept in the tag's history.
        </Text>
      </Section>
    </Stack>
  );
}
