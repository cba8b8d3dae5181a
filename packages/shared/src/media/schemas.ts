import { z } from 'zod';
import { uuidSchema } from '../uuid.ts';
import { MEDIA_PURPOSES } from './constants.ts';

export const mediaPurposeSchema = z.enum(MEDIA_PURPOSES);

/** The answer to an upload, and how media appear inside other answers. */
export const mediaSchema = z.object({
  id: uuidSchema,
  url: z.string(),
  miniatureUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
  purpose: mediaPurposeSchema,
});
export type Media = z.infer<typeof mediaSchema>;
