import { Group, TagsInput, Text, type TagsInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TAG_PICKER_DEBOUNCE_MS } from '@brushline/shared/tags/constants';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import { tagSuggestQuery } from '../api/tag-queries.ts';
import { tagTitleColor } from '../tag-look.ts';

export interface TagPickerProps extends Pick<
  TagsInputProps,
  'label' | 'description' | 'error' | 'placeholder' | 'maxTags' | 'disabled' | 'required'
> {
  /** Tag titles (normalised). */
  value: string[];
  onChange: (titles: string[]) => void;
  /**
   * Whether a title no tag has yet may be added (a new synonym). Off, only existing tags can be
   * picked: what is typed must be chosen from the suggestions (a synonym picks its canonical tag).
   */
  allowNew?: boolean;
  /** Titles never offered (the tag being edited). */
  exclude?: string[];
}

/**
 * The one tag picker (galleries, display cards and requests import it): autocomplete from
 * `GET tags/autocomplete`, asked SPEC §9's 500 ms after typing stops, best matches first with a
 * synonym shown as "alias → canonical", the title coloured by its type. Keyboard: arrows move
 * through suggestions, Enter picks, Backspace on an empty field removes the last tag.
 */
export function TagPicker({ value, onChange, allowNew = false, exclude = [], ...input }: TagPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(normalizeTagTitle(search), TAG_PICKER_DEBOUNCE_MS);
  const { data: suggestions = [], isFetching } = useQuery(tagSuggestQuery(debounced));
  // Every tag the picker has offered, so a pick made from an older list is still known.
  const known = useRef(new Set<string>());
  useEffect(() => {
    for (const s of suggestions) known.current.add(s.title);
  }, [suggestions]);
  const byTitle = useMemo(() => new Map(suggestions.map((s) => [s.title, s])), [suggestions]);
  const offered = useMemo(
    () => suggestions.filter((s) => !exclude.includes(s.title) && !value.includes(s.title)),
    [suggestions, exclude, value],
  );
  const waiting = search.trim() !== '' && (isFetching || normalizeTagTitle(search) !== debounced);

  const change = (next: string[]) => {
    const titles = [...new Set(next.map(normalizeTagTitle).filter(Boolean))].filter(
      (t) => value.includes(t) || allowNew || known.current.has(t),
    );
    onChange(titles.filter((t) => !exclude.includes(t)));
  };

  const nothing =
    debounced && !waiting && offered.length === 0
      ? allowNew
        ? 'No tag like this yet: press Enter to add it as new.'
        : 'No tag like this. Create it in the wiki first.'
      : null;
  return (
    <TagsInput
      {...input}
      description={
        nothing ? (
          <span role="status">
            {input.description} {nothing}
          </span>
        ) : (
          input.description
        )
      }
      value={value}
      onChange={change}
      searchValue={search}
      onSearchChange={setSearch}
      data={offered.map((s) => ({ value: s.title, label: s.label }))}
      // The server already matched prefixes, trigrams and synonyms: show what it answered.
      filter={({ options }) => options}
      acceptValueOnBlur={allowNew}
      // The suggestions stay inside the page's landmarks (and its dialog, in the merge modal), and
      // always open below the field: flipped above it near the bottom of a phone's screen, they
      // covered the field and its label while typing (the page scrolls to them instead).
      comboboxProps={{ withinPortal: false, position: 'bottom', middlewares: { flip: false, shift: true } }}
      splitChars={[',']}
      renderOption={({ option }) => {
        const s = byTitle.get(option.value);
        return (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm" c={s ? tagTitleColor(s.tagType) : undefined}>
              {s?.label ?? option.value}
            </Text>
            {s && (
              <Text size="xs" c="dimmed">
                {s.tagType} · {s.usageCount}
              </Text>
            )}
          </Group>
        );
      }}
    />
  );
}
