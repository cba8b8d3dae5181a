// Seeds the tag benchmark's vocabulary with bulk SQL (unnest over arrays, 10,000 rows a statement),
// not service calls: 100,000 canonical tags, synonyms for about a fifth of them and parent links,
// in seconds. Titles are normalised booru-style words ("red_fox", "fox", "canine"), so prefixes,
// trigram typos and synonyms behave as on a real wiki.
import pg from 'pg';
import { prng } from './feed-seed.ts';

const SPECIES =
  'fox wolf cat dog dragon rabbit deer horse lion tiger bear otter raccoon bird owl crow raven eagle hawk shark dolphin whale snake lizard gecko frog bat mouse rat squirrel hyena jackal coyote lynx leopard cheetah panther goat sheep cow pig boar moth butterfly bee spider crab octopus squid kangaroo koala panda skunk badger ferret weasel mink seal walrus penguin parrot peacock swan duck goose griffin unicorn pegasus phoenix wyvern kitsune sergal protogen avian canine feline equine reptile insect fish amphibian mammal'.split(
    ' ',
  );
const MODIFIERS =
  'red blue green black white grey golden silver pink purple orange brown arctic desert forest snow fire ice shadow crystal spotted striped fluffy tiny giant ancient cyber robot ghost zombie winged horned armored royal wild domestic mountain river sea sky night sun moon star storm'.split(
    ' ',
  );
const TOPICS =
  'sketch lineart flat_color full_color shading cel_shading painting watercolor pixel_art chibi portrait headshot bust half_body full_body reference_sheet ych adoptable icon emote sticker badge background comic animation wip commission gift trade collab fanart original_character outfit armor dress hoodie scarf hat glasses tail wings paws claws fangs fur feathers scales mane tattoo piercing collar jewelry sword staff bow magic smile pose sitting standing running flying sleeping dancing reading'.split(
    ' ',
  );

export interface TagSeed {
  tags: number;
  synonyms: number;
  links: number;
  /** Queries for the autocomplete mix: what people type (see bench/tags.ts). */
  titles: string[];
  /** Usage count of each title (same order): how often people chose it, so how often they type it. */
  usage: number[];
  synonymTitles: string[];
  /** Index in `titles` of each synonym's canonical tag (same order as `synonymTitles`). */
  synonymOf: number[];
}

export async function seedTags(url: string, canonicalCount: number): Promise<TagSeed> {
  const rand = prng(20261125);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const titles: string[] = [];
  const index = new Map<string, number>();
  const add = (title: string) => {
    if (title.length > 64 || index.has(title) || titles.length >= canonicalCount) return;
    index.set(title, titles.length);
    titles.push(title);
  };
  // Single words first, then pairs, then triples: a longer title can have a shorter one as parent.
  for (const w of [...SPECIES, ...MODIFIERS, ...TOPICS]) add(w);
  for (const m of MODIFIERS) for (const s of SPECIES) add(`${m}_${s}`);
  for (const s of SPECIES) for (const t of TOPICS) add(`${s}_${t}`);
  for (let guard = 0; titles.length < canonicalCount && guard < canonicalCount * 20; guard += 1) {
    const r = rand();
    // Characters and artists: a name with a number, as wikis fill up with them.
    if (r < 0.3) add(`${pick(MODIFIERS)}_${pick(SPECIES)}_${pick(TOPICS)}`);
    else if (r < 0.6) add(`${pick(SPECIES)}_${pick(TOPICS)}_${pick(TOPICS)}`);
    else if (r < 0.8) add(`artist_${pick(MODIFIERS)}${pick(SPECIES)}${Math.floor(rand() * 1000)}`);
    else add(`${pick(MODIFIERS)}${pick(SPECIES)}_(character_${Math.floor(rand() * 10_000)})`);
  }
  if (titles.length < canonicalCount) throw new Error(`only ${titles.length} distinct titles`);

  // Ids are the array position + 1, so links and synonyms can name them before inserting.
  const ids = titles.map((_, i) => i + 1);
  const types = titles.map((t) =>
    t.startsWith('artist_')
      ? 'Artist'
      : t.includes('(character_')
        ? 'Character'
        : SPECIES.includes(t)
          ? 'Species'
          : 'General',
  );
  const maturity = titles.map(() => (rand() < 0.08 ? 'NSFW' : 'SFW'));
  // Few tags are used much, most little (Zipf-like).
  const usage = titles.map(() => Math.floor(5000 / (1 + Math.floor(rand() * 5000))) - 1);

  // A multi-word tag implies its last word and its first word when those are tags (red_fox → fox).
  const child: number[] = [];
  const parent: number[] = [];
  titles.forEach((title, i) => {
    const words = title.split('_');
    if (words.length < 2) return;
    for (const candidate of new Set([words.at(-1)!, words[0]!, words.slice(-2).join('_')])) {
      const p = index.get(candidate);
      if (p !== undefined && p !== i) {
        child.push(i + 1);
        parent.push(p + 1);
      }
    }
  });

  // About a fifth of the tags get one synonym: the words reversed, or a plural.
  const synonymTitles: string[] = [];
  const synonymOf: number[] = [];
  const taken = new Set(titles);
  titles.forEach((title, i) => {
    if (rand() >= 0.2) return;
    const words = title.split('_');
    const alias = words.length > 1 ? words.reverse().join('_') : `${title}s`;
    if (alias.length > 64 || taken.has(alias)) return;
    taken.add(alias);
    synonymTitles.push(alias);
    synonymOf.push(i + 1);
  });

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const batch = 10_000;
    for (let i = 0; i < titles.length; i += batch) {
      const end = i + batch;
      await client.query(
        `insert into tags (id, title, maturity, tag_type, usage_count)
         overriding system value
         select * from unnest($1::int[], $2::text[], $3::tag_maturity[], $4::tag_type[], $5::int[])`,
        [
          ids.slice(i, end),
          titles.slice(i, end),
          maturity.slice(i, end),
          types.slice(i, end),
          usage.slice(i, end),
        ],
      );
    }
    await client.query("select setval(pg_get_serial_sequence('tags', 'id'), $1)", [titles.length]);
    for (let i = 0; i < synonymTitles.length; i += batch) {
      const end = i + batch;
      // A synonym has its canonical tag's maturity and type, and no usages of its own.
      await client.query(
        `insert into tags (title, canonical_id, maturity, tag_type)
         select s.title, s.canonical_id, c.maturity, c.tag_type
         from unnest($1::text[], $2::int[]) as s(title, canonical_id) join tags c on c.id = s.canonical_id`,
        [synonymTitles.slice(i, end), synonymOf.slice(i, end)],
      );
    }
    for (let i = 0; i < child.length; i += batch) {
      await client.query(
        'insert into tag_parents (child_id, parent_id) select * from unnest($1::int[], $2::int[])',
        [child.slice(i, i + batch), parent.slice(i, i + batch)],
      );
    }
    // Fresh planner statistics and visibility maps (the autocomplete reads its indexes index-only),
    // as autovacuum would have made on a live database after these inserts.
    for (const table of ['tags', 'tag_words', 'tag_parents']) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
  return {
    tags: titles.length,
    synonyms: synonymTitles.length,
    links: child.length,
    titles,
    usage,
    synonymTitles,
    synonymOf: synonymOf.map((id) => id - 1),
  };
}
