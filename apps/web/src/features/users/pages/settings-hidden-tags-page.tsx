import { Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HIDDEN_TAGS_MAX, type HiddenTagMode } from '@brushline/shared/gallery/constants';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { toast } from '../../../lib/toast.ts';
import { hiddenTagsQuery, useSaveHiddenTags } from '../../gallery/api/gallery-queries.ts';
import { TagPicker } from '../../tags/components/tag-picker.tsx';

/**
 * /settings/hidden-tags (decision 0017): tags to hide (left out of artists, the gallery and folders)
 * or to blur (shown blurred until clicked), each with all the tags under it. NSFW tags follow the
 * "display NSFW" setting in General.
 */
export function SettingsHiddenTagsPage() {
  const query = useQuery(hiddenTagsQuery());
  if (query.isPending) return <LoadingState label="Loading hidden tags" />;
  if (query.isError)
    return (
      <ErrorState
        title="Couldn't load hidden tags"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <HiddenTagsEditor
      key={query.dataUpdatedAt}
      initial={query.data.items.map((i) => ({ title: i.tag.title, mode: i.mode }))}
    />
  );
}

type Row = { title: string; mode: HiddenTagMode };

function HiddenTagsEditor({ initial }: { initial: Row[] }) {
  const save = useSaveHiddenTags();
  const [rows, setRows] = useState<Row[]>(initial);
  const titles = rows.map((r) => r.title);
  const pick = (next: string[]) =>
    setRows(next.map((title) => rows.find((r) => r.title === title) ?? { title, mode: 'hide' }));
  return (
    <Stack>
      <Title order={2} fz="h3">
        Hidden tags
      </Title>
      <Text size="sm" c="dimmed">
        Artists’ cards and images carrying one of these tags, or a tag under it, are left out or shown
        blurred. Mature (NSFW) tags follow “Display NSFW” in General settings.
      </Text>
      <TagPicker
        label={`Tags (up to ${HIDDEN_TAGS_MAX})`}
        value={titles}
        onChange={pick}
        maxTags={HIDDEN_TAGS_MAX}
      />
      {rows.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tag</Table.Th>
              <Table.Th>What happens</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.title}>
                <Table.Td>{r.title.replaceAll('_', ' ')}</Table.Td>
                <Table.Td>
                  <SegmentedControl
                    aria-label={`What happens to ${r.title.replaceAll('_', ' ')}`}
                    size="xs"
                    value={r.mode}
                    data={[
                      { value: 'hide', label: 'Hide' },
                      { value: 'blur', label: 'Blur' },
                    ]}
                    onChange={(v) => setRows(rows.map((x) => (x.title === r.title ? { ...x, mode: v } : x)))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(rows, {
              onSuccess: (res) => toast.success(res.message),
              onError: (err) => toast.error(err.message),
            })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
