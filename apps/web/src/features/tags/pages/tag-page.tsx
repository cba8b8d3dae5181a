import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import { isStaff } from '@brushline/shared/roles';
import { displayTagTitle, normalizeTagTitle } from '@brushline/shared/tags/normalize';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { ReportButton } from '../../../components/report-button.tsx';
import { tagByTitleQuery, tagFullQuery } from '../api/tag-queries.ts';
import { StaffActions } from '../components/staff-actions.tsx';
import { TagHistory } from '../components/tag-history.tsx';
import { TagBadges, TagLink } from '../components/tag-title.tsx';
import { WikiNav } from '../components/wiki-nav.tsx';

/** /wiki/tag/{title}: one tag; a synonym's title shows its canonical tag and says so. */
export function TagPage() {
  const { title = '' } = useParams();
  const lookup = useQuery(tagByTitleQuery(title));
  const full = useQuery({ ...tagFullQuery(lookup.data?.id ?? 0), enabled: !!lookup.data });
  usePageTitle(lookup.data ? `${displayTagTitle(lookup.data.title)} · Tags` : undefined);
  if (lookup.error instanceof ApiError && lookup.error.status === 404) return <NotFoundPage />;
  if (lookup.isError) {
    return (
      <ErrorState title="Couldn't load this tag" message={lookup.error.message} onRetry={lookup.refetch} />
    );
  }
  if (full.isError) {
    return <ErrorState title="Couldn't load this tag" message={full.error.message} onRetry={full.refetch} />;
  }
  if (!full.data) return <LoadingState label="Loading the tag" />;
  const asked = normalizeTagTitle(title);
  return <TagView tag={full.data} askedAs={asked !== full.data.title ? asked : null} />;
}

function TagView({ tag, askedAs }: { tag: TagFull; askedAs: string | null }) {
  const { user } = useSession();
  return (
    <Stack>
      <WikiNav />
      {askedAs && (
        <Alert color="blue" variant="light">
          “{displayTagTitle(askedAs)}” is a synonym of this tag.
        </Alert>
      )}
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Title order={2} fz="h3">
            {displayTagTitle(tag.title)}
          </Title>
          <Group gap="xs">
            <TagBadges tag={tag} />
            <Text size="sm" c="dimmed">
              Used {tag.usageCount === 1 ? 'once' : `${tag.usageCount} times`} · created{' '}
              {formatDate(tag.createdAt)}
              {tag.creator && (
                <>
                  {' '}
                  by{' '}
                  <Anchor component={Link} to={toPath('profileHome', { login: tag.creator.login })}>
                    {tag.creator.displayName}
                  </Anchor>
                </>
              )}
            </Text>
          </Group>
        </Stack>
        {user && (
          <Group gap="xs">
            <Button
              component={Link}
              to={toPath('wikiTagUpdate', { id: tag.id })}
              leftSection={<IconEdit size={16} aria-hidden />}
              variant="default"
            >
              Edit tag
            </Button>
            {isStaff(user.roles) ? (
              <StaffActions tag={tag} />
            ) : (
              <ReportButton targetKind="tag" targetId={tag.title} variant="button" />
            )}
          </Group>
        )}
      </Group>
      {tag.maturity === 'NSFW' && user && tag.creator?.id === user.id && (
        <Alert color="grape" variant="light" title="Your NSFW tag">
          Readers who do not display NSFW (anonymous visitors too) do not see this tag in the wiki, in tag
          pickers or as a page. You always see its page because you created it.
        </Alert>
      )}
      <Text style={{ whiteSpace: 'pre-wrap' }} c={tag.description ? undefined : 'dimmed'}>
        {tag.description || 'No description yet.'}
      </Text>
      {tag.synonymOf && (
        <Text>
          A synonym of <TagLink tag={tag.synonymOf} />: everything tagged with it carries that tag.
        </Text>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Parents and children
          </Title>
          <TagTree tag={tag} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Synonyms
          </Title>
          {tag.synonyms.length === 0 ? (
            <Text c="dimmed" size="sm">
              None.
            </Text>
          ) : (
            <Text>{tag.synonyms.map((s) => displayTagTitle(s.title)).join(', ')}</Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} fz="h5">
            History
          </Title>
          {tag.contributers.length > 0 && (
            <Text size="sm">Contributers: {tag.contributers.map((c) => c.displayName).join(', ')}</Text>
          )}
          <TagHistory entries={tag.history} />
        </Stack>
      </Paper>
      <Anchor component={Link} to={paths.wikiTags} size="sm">
        All tags
      </Anchor>
    </Stack>
  );
}

/** A small tree: the parents above, this tag, its children below. */
function TagTree({ tag }: { tag: TagFull }) {
  return (
    <List listStyleType="none" spacing={4} aria-label="Tag tree">
      {tag.parentTags.length === 0 ? (
        <List.Item>
          <Text size="sm" c="dimmed">
            A root tag: it has no parents.
          </Text>
        </List.Item>
      ) : (
        tag.parentTags.map((p) => (
          <List.Item key={p.id}>
            <Text size="sm" span c="dimmed">
              parent:{' '}
            </Text>
            <TagLink tag={p} />
          </List.Item>
        ))
      )}
      <List.Item>
        <List listStyleType="none" withPadding>
          <List.Item>
            <Text span fw={700}>
              {displayTagTitle(tag.title)}
            </Text>
            <List listStyleType="none" withPadding>
              {tag.childTags.length === 0 ? (
                <List.Item>
                  <Text size="sm" c="dimmed">
                    No children.
                  </Text>
                </List.Item>
              ) : (
                tag.childTags.map((c) => (
                  <List.Item key={c.id}>
                    <Text size="sm" span c="dimmed">
                      child:{' '}
                    </Text>
                    <TagLink tag={c} />
                  </List.Item>
                ))
              )}
            </List>
          </List.Item>
        </List>
      </List.Item>
    </List>
  );
}
