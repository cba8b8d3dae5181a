/**
 * The instance's AI clause (decision 0025): the terms page shows it, and the label's help text and
 * the "Hide AI-labelled content" setting link to it. This file is the one place an operator edits
 * it; the web app is rebuilt with it (npm run build).
 */
export const AI_POLICY = {
  heading: 'AI-generated and AI-assisted work',
  paragraphs: [
    'Posts, gallery images and commission cards made with a generative AI tool must say so: choose “AI-generated” when a generator made the work, and “AI-assisted” when you made it with a generator’s help (a generated sketch, background or colour pass). Work made by hand needs no label.',
    'Anyone can hide AI-labelled content in their settings; it then leaves their feed, galleries and the artists list. Unlabelled AI work may be reported, and staff may label or hide it.',
    'Selling AI-generated work as hand-made, or offering a commission card for hand-made work and delivering generated work, is misleading and not allowed.',
    'Many artists forbid using their work to train AI models. Don’t download or collect other people’s work from Brushline for training, and respect the terms each artist states on their commission cards.',
  ],
} as const;
