import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import type { Request } from '@brushline/shared/requests/schemas';
import { relativeTime } from '../../../lib/relative-time.ts';
import badge from '../../../components/readable-badge.module.css';
import { applicationsText, budgetText, daysText, typeOfWorkLabel } from '../request-text.ts';

/**
 * One request in a list (decision 0018): title, budget, deadline, tags, type, age and the number of
 * applications. `to` is where its title leads (the public page, or the owner's editor);
 * `showPrivacy` marks hidden ones for their owner.
 */
export function RequestCard({
  request,
  to,
  showPrivacy = false,
  headingOrder = 3,
}: {
  request: Request;
  to: string;
  showPrivacy?: boolean;
  /** The title's level: one below the page's heading. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`request-${request.guid}`}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title
            order={headingOrder}
            fz="h4"
            id={`request-${request.guid}`}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            <Anchor component={Link} to={to} inherit>
              {request.title}
            </Anchor>
          </Title>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {budgetText(request.priceMin, request.priceMax)}
          </Text>
        </Group>
        <Group gap={6}>
          <Badge variant="light" tt="none" className={badge.readable}>
            {typeOfWorkLabel(request.typeOfWork)}
          </Badge>
          <Badge variant="light" color="gray" tt="none" className={badge.readable}>
            Deadline {daysText(request.deadline)}
          </Badge>
          {showPrivacy && request.privacy === 'hidden' && (
            <Badge variant="filled" color="gray.8" tt="none">
              Hidden
            </Badge>
          )}
        </Group>
        {request.description && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {request.description}
          </Text>
        )}
        {request.tags.length > 0 && (
          <Group gap={4} aria-label="Tags" role="list">
            {request.tags.map((t) => (
              <Badge
                key={t.id}
                role="listitem"
                variant="outline"
                color="gray"
                tt="none"
                size="sm"
                c="var(--mantine-color-text)"
              >
                {displayTagTitle(t.title)}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {showPrivacy ? '' : `@${request.owner.login} · `}
          {relativeTime(request.createdAt)} · {applicationsText(request.applications)}
        </Text>
      </Stack>
    </Card>
  );
}
