import { Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { DISPLAY_CARD_MEDIA, DISPLAY_CARD_TAGS_MAX } from '@brushline/shared/gallery/constants';
import type { GalleryImage } from '@brushline/shared/gallery/schemas';
import { messages } from '@brushline/shared/messages';
import type { Person } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { displayCardQuery, useSaveDisplayCard } from '../api/gallery-queries.ts';
import { DisplayCardView } from './display-card-view.tsx';

/**
 * The owner's display card editor (decision 0017): pick 3 images of the gallery (not Hidden) and 1
 * to 5 tags, see the card as buyers will, and read why it is not shown yet (SPEC §4).
 */
export function DisplayCardEditor({ owner, images }: { owner: Person; images: GalleryImage[] }) {
  const { data: card } = useQuery(displayCardQuery(owner.login));
  if (card === undefined) return null;
  return <Editor key={card?.id ?? 'new'} owner={owner} images={images} card={card} />;
}

function Editor({
  owner,
  images,
  card,
}: {
  owner: Person;
  images: GalleryImage[];
  card: DisplayCard | null;
}) {
  const [tags, setTags] = useState(card?.tags.map((t) => t.title) ?? []);
  const [picked, setPicked] = useState(card?.displayMedia.map((m) => m.id) ?? []);
  const save = useSaveDisplayCard();
  const choosable = images.filter((i) => i.effectivePrivacy !== 'Hidden');
  const toggle = (id: string) =>
    setPicked(
      picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id].slice(-DISPLAY_CARD_MEDIA),
    );
  const preview: DisplayCard = {
    id: card?.id ?? 'preview',
    tags: tags.map((title, i) => ({ id: -i - 1, title, tagType: 'General', maturity: 'SFW' })),
    displayMedia: picked.flatMap((id) => images.find((i) => i.id === id)?.media ?? []),
    isShown: card?.isShown ?? false,
    notShownReasons: card?.notShownReasons ?? [],
    owner,
    startingPrice: card?.startingPrice ?? null,
    takingCommissions: card?.takingCommissions ?? false,
    blurred: false,
    activityAt: card?.activityAt ?? new Date().toISOString(),
    rating: card?.rating ?? null,
  };
  const submit = () =>
    save.mutate(
      { id: card?.id ?? null, body: { tags, displayMedia: picked } },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) =>
          toast.error(
            `${card ? messages.displayCardUpdateFailed : messages.displayCardCreateFailed} ${err.message}`,
          ),
      },
    );
  return (
    <Stack component="section" aria-labelledby="display-card-title">
      <Title order={2} fz="h4" id="display-card-title">
        Display card
      </Title>
      <Text size="sm" c="dimmed">
        Buyers find you on the artists list by this card: {DISPLAY_CARD_MEDIA} images and up to{' '}
        {DISPLAY_CARD_TAGS_MAX} tags.
      </Text>
      {card && !card.isShown && card.notShownReasons.length > 0 && (
        <Alert color="yellow" title="Not shown on the artists list yet">
          <List size="sm">
            {card.notShownReasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {card?.isShown && <Alert color="teal">Shown on the artists list.</Alert>}
      <TagPicker label="Card tags" value={tags} onChange={setTags} maxTags={DISPLAY_CARD_TAGS_MAX} />
      <Text size="sm" fw={500}>
        Images ({picked.length} of {DISPLAY_CARD_MEDIA})
      </Text>
      {choosable.length === 0 ? (
        <Text size="sm" c="dimmed">
          Add images to your gallery first (not Hidden).
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
          {choosable.map((i) => (
            <Stack key={i.id} gap={2}>
              <img
                src={i.media.miniatureUrl}
                alt=""
                style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 4 }}
              />
              <Checkbox
                size="xs"
                label={i.title || 'Untitled image'}
                checked={picked.includes(i.id)}
                onChange={() => toggle(i.id)}
              />
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" fw={500}>
        Preview
      </Text>
      <div style={{ maxWidth: 360 }}>
        <DisplayCardView card={preview} />
      </div>
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={tags.length === 0}>
          {card ? 'Save display card' : 'Create display card'}
        </Button>
      </Group>
    </Stack>
  );
}
