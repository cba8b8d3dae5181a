/**
 * The AI label a post, a gallery image or a commission card may carry (decision 0025): the work was
 * made by a generator, or made by a person with a generator's help. No label: made by hand.
 */
export const AI_LABELS = ['generated', 'assisted'] as const;
export type AiLabel = (typeof AI_LABELS)[number];

/** What the label reads on the item, in forms and in the settings. */
export const AI_LABEL_TEXT: Record<AiLabel, string> = {
  generated: 'AI-generated',
  assisted: 'AI-assisted',
};
