import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { toPath } from '@brushline/shared/paths';
import { hiddenByStaffText } from '@brushline/shared/moderation/messages';
import type { Request } from '@brushline/shared/requests/schemas';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import badge from '../../../components/readable-badge.module.css';
import { TagLink } from '../../tags/components/tag-title.tsx';
import { applicationsText, budgetText, daysText, typeOfWorkLabel } from '../request-text.ts';
import { WholePicture } from '../../../components/whole-picture.tsx';

function Block({ title, text, order }: { title: string; text: string; order: 2 | 3 }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Title order={order} fz="h5">
        {title}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>
    </Stack>
  );
}

/**
 * Every field of a request (SPEC §3) as a reader sees it: the public page and the owner's
 * editor in view mode. `headingOrder` is the title's level on its page.
 */
export function RequestDetails({ request, headingOrder = 1 }: { request: Request; headingOrder?: 1 | 2 }) {
  const { owner } = request;
  const sub = headingOrder === 1 ? 2 : 3;
  return (
    <Stack gap="md">
      {request.hiddenByStaff !== null && (
        <Alert color="orange" title="Only you and staff can see this request">
          {hiddenByStaffText(request.hiddenByStaff)}
        </Alert>
      )}
      <Stack gap={6}>
        <Title order={headingOrder} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {request.title}
        </Title>
        <Group gap="xs">
          <UserAvatar name={owner.displayName} src={owner.avatarMiniatureUrl} size={24} decorative />
          <Text size="sm">
            <Anchor component={Link} to={toPath('profileHome', { login: owner.login })} size="sm">
              {owner.displayName}
            </Anchor>{' '}
            <Text span c="dimmed" size="sm">
              · {relativeTime(request.createdAt)} · {applicationsText(request.applications)}
            </Text>
          </Text>
        </Group>
      </Stack>
      <Group gap="lg" style={{ rowGap: 8 }}>
        <Group gap="lg" component="dl" m={0} style={{ rowGap: 8 }}>
          {[
            ['Budget', budgetText(request.priceMin, request.priceMax)],
            ['Deadline', daysText(request.deadline)],
            ['Type of work', typeOfWorkLabel(request.typeOfWork)],
          ].map(([term, value]) => (
            <Stack gap={0} key={term}>
              <Text component="dt" size="xs" c="dimmed">
                {term}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {value}
              </Text>
            </Stack>
          ))}
        </Group>
        {/* Beside the list, not in it: a <dl> may hold only its terms and descriptions. */}
        {request.privacy === 'hidden' && (
          <Badge variant="filled" color="gray.8" tt="none">
            Hidden: only you see it
          </Badge>
        )}
      </Group>
      {request.tags.length > 0 && (
        <Group gap="xs" aria-label="Tags" role="list">
          {request.tags.map((t) => (
            <Badge
              key={t.id}
              role="listitem"
              variant="light"
              color="gray"
              tt="none"
              className={badge.readable}
            >
              <TagLink tag={t} fw={500} />
            </Badge>
          ))}
        </Group>
      )}
      <Block order={sub} title="Description" text={request.description} />
      <Block order={sub} title="Additional requirements" text={request.additionalRequirements} />
      <Block order={sub} title="Preferences" text={request.preferences} />
      {request.attachedMedia.length > 0 && (
        <Stack gap={4}>
          <Title order={sub} fz="h5">
            Attachments
          </Title>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {request.attachedMedia.map((m, i) => (
              <Anchor key={m.id} href={m.url} target="_blank" rel="noopener">
                <WholePicture src={m.miniatureUrl} alt={`Attachment ${i + 1} of ${request.title}`} />
              </Anchor>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
