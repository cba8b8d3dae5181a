import { Anchor, NativeSelect, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AI_LABEL_TEXT, AI_LABELS, type AiLabel } from '@brushline/shared/ai/constants';
import { aiPolicyHref } from '../lib/ai-policy.ts';

const NONE = '';
// A native <select>: the post creator sits on /feed, whose first load has a size budget, and a
// native list is also the easiest one to use on a phone.
const options = [
  { value: NONE, label: 'None (made by hand)' },
  ...AI_LABELS.map((label) => ({ value: label, label: AI_LABEL_TEXT[label] })),
];

/**
 * The "AI label" choice of the post creator, the gallery image dialog and the card editor, with
 * one line of help linking to the terms' AI section (in a new tab: a half-written form stays).
 */
export function AiLabelSelect({
  value,
  onChange,
  error,
}: {
  value: AiLabel | null;
  onChange: (label: AiLabel | null) => void;
  error?: string;
}) {
  return (
    <NativeSelect
      label="AI label"
      description={
        <>
          Say if an AI tool made this or helped make it.{' '}
          <Anchor href={aiPolicyHref} target="_blank" rel="noopener" inherit>
            What the labels mean
            <IconExternalLink size="0.9em" aria-hidden style={{ marginLeft: 2, verticalAlign: '-0.1em' }} />
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </>
      }
      data={options}
      value={value ?? NONE}
      onChange={(e) => {
        const next = e.currentTarget.value;
        onChange(next === NONE ? null : (next as AiLabel));
      }}
      error={error}
      // The help reads across the form; only the list itself stays narrow.
      styles={{ wrapper: { maxWidth: 320 } }}
    />
  );
}
