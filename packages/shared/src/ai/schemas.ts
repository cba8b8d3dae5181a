import { z } from 'zod';
import { AI_LABELS } from './constants.ts';

// Apart from constants.ts, so the web app can show a label without loading zod on /feed.
/** In a request body: a label, or null (no label). Left out of an edit, the label stays. */
export const aiLabelSchema = z
  .enum(AI_LABELS, { error: 'Choose AI-generated, AI-assisted or no label' })
  .nullable();
