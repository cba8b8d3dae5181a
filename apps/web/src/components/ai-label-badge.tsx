import { Badge, type BadgeProps } from '@mantine/core';
import { AI_LABEL_TEXT, type AiLabel } from '@brushline/shared/ai/constants';

/**
 * "AI-generated" or "AI-assisted" on a post, a gallery image or a commission card (decision 0025);
 * nothing when the work carries no label. Filled, white on deep grape (7.5:1), a hue no other badge uses: it must be
 * readable at a glance, also over a picture.
 */
export function AiLabelBadge({
  label,
  size = 'sm',
  ...rest
}: { label: AiLabel | null | undefined; size?: BadgeProps['size'] } & Omit<BadgeProps, 'children'>) {
  if (!label) return null;
  return (
    <Badge color="grape.9" variant="filled" size={size} tt="none" {...rest}>
      {AI_LABEL_TEXT[label]}
    </Badge>
  );
}
