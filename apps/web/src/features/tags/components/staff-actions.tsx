import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowMerge, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { isAlreadyMerged, useDeleteTag, useMergeTag } from '../api/tag-queries.ts';
import { TagPicker } from './tag-picker.tsx';

/** Staff only: merge this tag into another, or delete it; both ask first and say what will happen. */
export function StaffActions({ tag }: { tag: TagFull }) {
  const navigate = useNavigate();
  const remove = useDeleteTag(tag.id);
  const merge = useMergeTag(tag.id);
  const [merging, setMerging] = useState(false);
  const [into, setInto] = useState<string[]>([]);
  const name = displayTagTitle(tag.title);

  const confirmDelete = () =>
    openConfirmModal({
      title: `Delete “${name}”?`,
      children: (
        <Text size="sm">
          The tag{tag.synonyms.length > 0 ? ' and its synonyms' : ''} leave the wiki, and the{' '}
          {tag.usageCount === 1 ? 'one thing' : `${tag.usageCount} things`} tagged with it lose it. Its
          history is kept.
        </Text>
      ),
      labels: { confirm: 'Delete tag', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: ({ message }) => {
            toast.success(message);
            void navigate(paths.wikiTags);
          },
          onError: (err) => toast.error(err.message),
        }),
    });

  const target = into[0];
  const confirmMerge = () => {
    if (!target) return;
    openConfirmModal({
      title: `Merge “${name}” into “${displayTagTitle(target)}”?`,
      children: (
        <Text size="sm">
          “{name}” becomes a synonym of “{displayTagTitle(target)}”; its usages, synonyms, parents and
          children move there. This cannot be undone in one step.
        </Text>
      ),
      labels: { confirm: 'Merge', cancel: 'Cancel' },
      onConfirm: () =>
        merge.mutate(
          { into: target },
          {
            onSuccess: ({ tag: merged, message }) => {
              toast.success(message);
              setMerging(false);
              void navigate(toPath('wikiTag', { title: merged.title }));
            },
            onError: (err) => {
              toast.error(err.message);
              // Nothing is left to merge: the dialog closes on the tag as it is now.
              if (isAlreadyMerged(err)) setMerging(false);
            },
          },
        ),
    });
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconArrowMerge size={16} aria-hidden />}
        onClick={() => setMerging(true)}
      >
        Merge
      </Button>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={confirmDelete}
        loading={remove.isPending}
      >
        Delete
      </Button>
      <Modal opened={merging} onClose={() => setMerging(false)} title={`Merge “${name}” into another tag`}>
        <Stack>
          <TagPicker
            label="Merge into"
            description="The tag that stays. Pick one from the suggestions."
            value={into}
            onChange={(v) => setInto(v.slice(-1))}
            maxTags={1}
            exclude={[tag.title]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMerging(false)}>
              Cancel
            </Button>
            <Button onClick={confirmMerge} disabled={!target} loading={merge.isPending}>
              Merge…
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
