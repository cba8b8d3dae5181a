import { sql } from 'drizzle-orm';
import type { TagMaturity, TagType } from '@brushline/shared/tags/constants';
import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { createTag } from '../modules/tags/tags.service.ts';
import { findUserByLogin } from '../modules/users/users.repo.ts';

interface DemoTag {
  title: string;
  type: TagType;
  description: string;
  parents?: string[];
  synonyms?: string[];
  maturity?: TagMaturity;
}

/** Parents come before their children, so each tag's parents exist when it is made. */
const G = 'General' as const;
const S = 'Species' as const;
const M = 'Meta' as const;
export const DEMO_TAGS: DemoTag[] = [
  // Mediums
  {
    title: 'medium',
    type: M,
    description: 'What the piece is made with. Pick the most specific medium below.',
  },
  {
    title: 'digital',
    type: M,
    parents: ['medium'],
    description: 'Made on a computer or tablet.',
    synonyms: ['digital_art'],
  },
  {
    title: 'traditional',
    type: M,
    parents: ['medium'],
    description: 'Made with physical materials, then scanned or photographed.',
    synonyms: ['trad'],
  },
  {
    title: 'watercolor',
    type: M,
    parents: ['traditional'],
    description: 'Transparent water-based paint on paper.',
    synonyms: ['watercolour'],
  },
  { title: 'gouache', type: M, parents: ['traditional'], description: 'Opaque water-based paint.' },
  { title: 'ink', type: M, parents: ['traditional'], description: 'Pen, brush or dip-pen ink work.' },
  {
    title: 'graphite',
    type: M,
    parents: ['traditional'],
    description: 'Pencil drawing.',
    synonyms: ['pencil'],
  },
  {
    title: 'oil_painting',
    type: M,
    parents: ['traditional'],
    description: 'Oil paint on canvas or board.',
    synonyms: ['oils'],
  },
  {
    title: 'pixel_art',
    type: M,
    parents: ['digital'],
    description: 'Drawn pixel by pixel at a small size, shown scaled up.',
  },
  {
    title: '3d_render',
    type: M,
    parents: ['digital'],
    description: 'A modelled and rendered scene.',
    synonyms: ['3d'],
  },
  {
    title: 'vector',
    type: M,
    parents: ['digital'],
    description: 'Shapes and curves that scale to any size.',
  },
  // Finish and style
  {
    title: 'sketch',
    type: M,
    description: 'Loose, unfinished lines; often the first step of an order.',
    synonyms: ['rough'],
  },
  { title: 'lineart', type: M, description: 'Clean final lines without colour.', synonyms: ['line_art'] },
  {
    title: 'flat_colors',
    type: M,
    description: 'Clean lines with flat colour and no shading.',
    synonyms: ['flats'],
  },
  {
    title: 'cel_shading',
    type: M,
    description: 'Hard-edged shadows in one or two tones, like animation cels.',
    synonyms: ['cel_shaded'],
  },
  {
    title: 'full_render',
    type: M,
    description: 'Fully painted with light, shadow and texture.',
    synonyms: ['fully_rendered'],
  },
  {
    title: 'chibi',
    type: G,
    description: 'A small, cute style with a big head and a tiny body.',
    synonyms: ['super_deformed'],
  },
  { title: 'anime_style', type: G, description: 'Drawn in the style of Japanese animation.' },
  { title: 'semi_realistic', type: G, description: 'Stylised but close to real proportions and light.' },
  { title: 'comic', type: G, description: 'Panels telling a short story.', synonyms: ['comic_page'] },
  // Framing
  { title: 'framing', type: M, description: 'How much of the character the picture shows.' },
  {
    title: 'headshot',
    type: M,
    parents: ['framing'],
    description: 'Head and a little of the neck.',
    synonyms: ['icon', 'portrait'],
  },
  { title: 'bust', type: M, parents: ['framing'], description: 'Head and shoulders down to the chest.' },
  {
    title: 'half_body',
    type: M,
    parents: ['framing'],
    description: 'From the head down to the waist.',
    synonyms: ['waist_up'],
  },
  {
    title: 'full_body',
    type: M,
    parents: ['framing'],
    description: 'The whole character, head to feet.',
    synonyms: ['fullbody'],
  },
  { title: 'background', type: M, description: 'A scene behind the character rather than a plain colour.' },
  {
    title: 'simple_background',
    type: M,
    parents: ['background'],
    description: 'A plain colour or a simple gradient.',
  },
  {
    title: 'detailed_background',
    type: M,
    parents: ['background'],
    description: 'A full environment behind the character.',
  },
  // Meta: kinds of order
  {
    title: 'reference_sheet',
    type: M,
    description:
      'A character shown from several sides with colours and notes, for other artists to draw from.',
    synonyms: ['ref_sheet', 'refsheet'],
  },
  {
    title: 'ych',
    type: M,
    description: '"Your character here": a pose drawn once, finished with each buyer\'s character.',
    synonyms: ['your_character_here'],
  },
  {
    title: 'adoptable',
    type: M,
    description: 'An original character design sold to one buyer.',
    synonyms: ['adopt'],
  },
  {
    title: 'emote',
    type: M,
    description: 'A small expressive picture for chat platforms.',
    synonyms: ['emoji'],
  },
  { title: 'badge', type: M, description: 'A small convention or profile badge.' },
  {
    title: 'wip',
    type: M,
    description: 'Work in progress shared before the piece is done.',
    synonyms: ['work_in_progress'],
  },
  {
    title: 'animated',
    type: M,
    description: 'Moves: a GIF or a short loop.',
    synonyms: ['animation', 'gif'],
  },
  {
    title: 'fan_art',
    type: M,
    description: 'A character from an existing work drawn by a fan.',
    synonyms: ['fanart'],
  },
  {
    title: 'original_character',
    type: M,
    description: 'A character someone made up themselves.',
    synonyms: ['oc'],
  },
  // Species
  { title: 'animal', type: S, description: 'Any animal or animal-like character.' },
  { title: 'mammal', type: S, parents: ['animal'], description: 'Fur, warm blood.' },
  { title: 'feline', type: S, parents: ['mammal'], description: 'Cats big and small.' },
  {
    title: 'cat',
    type: S,
    parents: ['feline'],
    description: 'The house cat.',
    synonyms: ['kitty', 'kitten'],
  },
  { title: 'lion', type: S, parents: ['feline'], description: 'The big cat with a mane.' },
  { title: 'canine', type: S, parents: ['mammal'], description: 'Dogs, wolves and foxes.' },
  { title: 'dog', type: S, parents: ['canine'], description: 'Any dog.', synonyms: ['puppy'] },
  { title: 'wolf', type: S, parents: ['canine'], description: 'Wild canine of the north.' },
  { title: 'fox', type: S, parents: ['canine'], description: 'Small canine with a bushy tail.' },
  {
    title: 'rabbit',
    type: S,
    parents: ['mammal'],
    description: 'Long ears, strong legs.',
    synonyms: ['bunny'],
  },
  { title: 'bird', type: S, parents: ['animal'], description: 'Feathers and wings.', synonyms: ['avian'] },
  { title: 'owl', type: S, parents: ['bird'], description: 'Night bird with big eyes.' },
  { title: 'reptile', type: S, parents: ['animal'], description: 'Scales, cold blood.' },
  {
    title: 'dragon',
    type: S,
    parents: ['reptile'],
    description: 'Winged, scaled and usually fire-breathing.',
  },
  { title: 'human', type: S, description: 'People.', synonyms: ['person'] },
  { title: 'elf', type: S, parents: ['human'], description: 'Pointed ears, long life.' },
  {
    title: 'robot',
    type: S,
    description: 'Machines with a mind of their own.',
    synonyms: ['android', 'mecha'],
  },
  // General subjects and moods
  {
    title: 'landscape',
    type: G,
    description: 'A place with no character as the subject.',
    synonyms: ['scenery'],
  },
  { title: 'couple', type: G, description: 'Two characters together.', synonyms: ['pair'] },
  { title: 'group', type: G, description: 'Three or more characters.' },
  { title: 'cute', type: G, description: 'Soft, sweet and friendly.' },
  { title: 'dark', type: G, description: 'Gloomy, moody or unsettling.' },
  { title: 'fantasy', type: G, description: 'Magic, myths and made-up worlds.' },
  {
    title: 'sci_fi',
    type: G,
    description: 'Space, technology and the future.',
    synonyms: ['science_fiction', 'scifi'],
  },
  // Mature
  {
    title: 'mature',
    type: G,
    maturity: 'NSFW',
    description: 'Nudity or adult themes. Shown only to readers who display NSFW.',
    synonyms: ['nsfw'],
  },
  {
    title: 'gore',
    type: G,
    maturity: 'NSFW',
    parents: ['dark'],
    description: 'Graphic injury or blood.',
    synonyms: ['blood'],
  },
];

/**
 * About 60 believable tags with synonyms and parents (decision 0015), made by `demo_admin` through the
 * wiki's own service so each has its history. Runs only while the wiki is empty.
 */
export async function seedDemoTags(deps: Pick<Deps, 'db' | 'events'>): Promise<number> {
  const [row] = (await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from tags`)).rows;
  if (Number(row?.n ?? 0) > 0) return 0;
  const admin =
    (await findUserByLogin(deps.db, 'demo_admin')) ?? (await findUserByLogin(deps.db, 'demo_artist'));
  if (!admin) return 0;
  const actor: Actor = {
    id: admin.id,
    login: admin.login,
    roles: ['admin'],
    sessionHash: '',
    displayNsfw: true,
    displayQuestionable: true,
    hideAi: false,
  };
  for (const tag of DEMO_TAGS) {
    await createTag(deps, actor, {
      title: tag.title,
      description: tag.description,
      maturity: tag.maturity ?? 'SFW',
      tagType: tag.type,
      synonyms: tag.synonyms ?? [],
      parentTags: tag.parents ?? [],
    });
  }
  return DEMO_TAGS.length;
}
