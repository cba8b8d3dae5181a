// Galleries benchmark (decision 0017): 5,000 artists with a shown display card and an open card,
// 50,000 gallery images and 10,000 tags (with parents) on a fresh PostgreSQL database
// (BENCH_DATABASE_URL or DATABASE_URL; created for the run and dropped after). Measures
// `GET /api/artists` filtered by a parent tag and a price range, and sorted by rating (decision 0023),
// `GET /api/gallery` page 1 and a
// deep page (by cursor, half-way down), anonymous, beside the raw `GET /api/health` in one run.
// Targets: p99 ≤ 50 ms for both lists; deep page p99 ≤ 1.5 × page 1 p99.
// Run: `npm run bench:gallery` (BENCH_SECONDS, default 10). BENCH_KEEP_DB=1 keeps the seeded database
// (its URL is printed) for EXPLAIN (ANALYZE, BUFFERS) of the lists' queries; drop it yourself after.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import { postgresBench } from './fresh-postgres.ts';
import { measure } from './measure.ts';
import { seedTags } from './tags-seed.ts';

const P99_MAX_MS = 50;
const DEEP_RATIO_MAX = 1.5;
const ARTISTS = 5_000;
const IMAGES_PER_ARTIST = 10;
const TAGS = 10_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;

const bench = await postgresBench('gallery');
try {
  const t0 = Date.now();
  await seedTags(bench.url, TAGS);
  const db = bench.database.db;
  // Bulk SQL: artists, one open card each (starting price 5–500 USD), 10 gallery images each (8 in
  // 10 Public, then Private, then Hidden) carrying 2 tags each, and a display card of 3 Public images
  // with 2 tags. The tags are drawn from the 300 most linked ones, so a parent tag matches a share.
  await db.execute(sql`
    insert into users (login, email, display_name, password_hash)
    select 'artist' || g, 'artist' || g || '@example.test', 'Artist ' || g, 'not-a-password-hash'
    from generate_series(1, ${ARTISTS}) g`);
  await db.execute(sql`
    insert into commission_cards (owner_id, title, starting_price_cents, is_open_comission, is_commissions_open)
    select id, 'Card', (500 + (abs(hashtext(login)) % 49500)), true, (abs(hashtext(login)) % 3) <> 0 from users`);
  await db.execute(sql`
    insert into media (owner_id, purpose, mime, width, height, size_bytes, storage_key, miniature_key)
    select u.id, 'gallery', 'image/webp', 800, 600 + (i % 5) * 100, 1000, 'bench/' || u.id || '/' || i, 'bench/' || u.id || '/' || i || '_m'
    from users u cross join generate_series(1, ${IMAGES_PER_ARTIST}) i`);
  await db.execute(sql`
    insert into gallery_images (id, owner_id, title, privacy, effective_privacy, position, created_at)
    select m.id, m.owner_id, 'Bench image',
      p.v::gallery_privacy, p.v::gallery_privacy, 0,
      now() - (row_number() over (order by m.id)) * interval '7 seconds'
    from media m,
      lateral (select case when abs(hashtext(m.id::text)) % 10 < 8 then 'Public'
                           when abs(hashtext(m.id::text)) % 10 = 8 then 'Private' else 'Hidden' end as v) p`);
  await db.execute(sql`
    with popular as (
      select t.id, row_number() over (order by count(*) desc, t.id) as n
      from tags t join tag_parents p on p.child_id = t.id or p.parent_id = t.id
      where t.canonical_id is null and t.maturity = 'SFW' group by t.id order by count(*) desc limit 300)
    insert into tag_usages (subject_kind, subject_id, tag_id)
    select distinct 'galleryImage', gi.id::text, p.id
    from gallery_images gi cross join generate_series(0, 1) k
    join popular p on p.n = 1 + (abs(hashtext(gi.id::text || k)) % 300)`);
  await db.execute(sql`
    insert into display_cards (owner_id, media_ids, activity_at)
    select u.id, (select array_agg(gi.id) from (select gi.id from gallery_images gi
      where gi.owner_id = u.id and gi.privacy = 'Public' order by gi.id limit 3) gi),
      now() - (row_number() over (order by u.id)) * interval '13 seconds'
    from users u`);
  await db.execute(sql`
    insert into tag_usages (subject_kind, subject_id, tag_id)
    select distinct 'displayCard', d.id::text, u.tag_id
    from display_cards d join tag_usages u on u.subject_kind = 'galleryImage' and u.subject_id = d.media_ids[1]::text`);
  await db.execute(sql`
    update display_cards d set is_shown = cardinality(d.media_ids) = 3
      and exists (select 1 from tag_usages u where u.subject_kind = 'displayCard' and u.subject_id = d.id::text)`);
  await db.execute(
    sql`update tags t set usage_count = (select count(*) from tag_usages u where u.tag_id = t.id)`,
  );
  // Review totals (decision 0023; the triggers keep them in the app, set in bulk here): four cards in
  // five rated, 1–24 reviews of 1–5 stars each, so /artists?sort=rating has a spread of averages.
  await db.execute(sql`
    update display_cards set review_count = c.n, review_stars = c.n + (abs(hashtext(id::text || 's')) % (4 * c.n + 1))
    from (select id as cid, case when abs(hashtext(id::text)) % 5 = 0 then 0 else 1 + abs(hashtext(id::text || 'n')) % 24 end as n
      from display_cards) c
    where c.cid = display_cards.id`);
  // VACUUM too, not only ANALYZE: a running server's autovacuum sets the visibility map soon after a
  // bulk insert, and without it every index-only probe (tags of a card, of an image) visits the heap.
  await db.execute(sql`vacuum analyze`);

  // A parent tag with descendants that some cards carry, and a deep cursor half-way down /gallery.
  const parent = await db.execute<{ title: string; cards: number }>(sql`
    select p.title, (select count(distinct u.subject_id)::int from tag_usages u
      where u.subject_kind = 'displayCard' and u.tag_id in (
        with recursive d(id) as (select p.id union select tp.child_id from tag_parents tp join d on tp.parent_id = d.id)
        select id from d)) as cards
    from tags p where exists (select 1 from tag_parents tp where tp.parent_id = p.id)
    order by cards desc limit 1`);
  const { title, cards } = parent.rows[0]!;
  const publicCount = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from gallery_images where effective_privacy = 'Public'`,
  );
  const deepRow = await db.execute<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id from gallery_images
    where effective_privacy = 'Public' order by created_at desc, id desc offset ${Math.floor(Number(publicCount.rows[0]!.n) / 2)} limit 1`);
  const toCursor = (r: { ts: string; id: string }) => Buffer.from(`${r.ts}|${r.id}`).toString('base64url');
  const cursor = toCursor(deepRow.rows[0]!);
  // Many different deep cursors (the half-way point and the 4,999 rows after it), for pages no
  // earlier request asked: each misses the page cache and reads PostgreSQL.
  const missRows = await db.execute<{ ts: string; id: string }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id from gallery_images
    where effective_privacy = 'Public' order by created_at desc, id desc offset ${Math.floor(Number(publicCount.rows[0]!.n) / 2)} limit 5000`);
  const missCursors = missRows.rows.map(toCursor);
  console.log(
    `gallery benchmark on PostgreSQL: ${ARTISTS} artists, ${ARTISTS * IMAGES_PER_ARTIST} images (${publicCount.rows[0]!.n} Public), ${TAGS} tags; parent tag "${title}" on ${cards} cards (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s); ${seconds}s per route, ${connections} connections`,
  );

  const base = await bench.serve();
  const artistsPath = `/api/artists?tags=${encodeURIComponent(title)}&minPrice=20&maxPrice=200`;
  const ratedPath = '/api/artists?sort=rating';
  const deepPath = `/api/gallery?cursor=${cursor}`;
  // Sanity before measuring: the filter finds cards, both gallery pages are full.
  const get = async <T>(path: string) => {
    const res = await fetch(`${base}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const found = (await get<ArtistsPage>(artistsPath)).items.length;
  const rated = (await get<ArtistsPage>(ratedPath)).items;
  if (rated.length === 0 || rated[0]!.rating === null)
    throw new Error('no rated card first on /artists?sort=rating');
  const page1 = (await get<GalleryPage>('/api/gallery')).items.length;
  const deep = (await get<GalleryPage>(deepPath)).items.length;
  if (found === 0 || page1 === 0 || deep === 0)
    throw new Error(`empty list: artists ${found}, page 1 ${page1}, deep ${deep}`);

  const opts = { seconds, connections };
  const load0 = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const raw = await measure(base, 'GET /api/health', '/api/health', opts);
  const artists = await measure(base, 'artists: parent tag + price', artistsPath, opts);
  const byRating = await measure(base, 'artists by rating', ratedPath, opts);
  const first = await measure(base, 'gallery page 1', '/api/gallery', opts);
  const deeper = await measure(base, 'gallery deep page (cursor)', deepPath, opts);
  // The same lists when no request asks a page an earlier one asked (a new price bound or cursor
  // each time): what a reader pays on a miss of the shared page cache (gallery-page-cache.ts).
  let n = 0;
  const artistsMiss = await measure(
    base,
    'artists, a new price range each',
    () =>
      `/api/artists?tags=${encodeURIComponent(title)}&minPrice=20&maxPrice=${(20_000 + (n++ % 180_000)) / 100}`,
    opts,
  );
  let r = 0;
  const ratedMiss = await measure(
    base,
    'artists by rating, a new price range each',
    () => `/api/artists?sort=rating&minPrice=5&maxPrice=${(20_000 + (r++ % 180_000)) / 100}`,
    opts,
  );
  let k = 0;
  const deepMiss = await measure(
    base,
    'gallery, a new deep cursor each',
    () => `/api/gallery?cursor=${missCursors[k++ % missCursors.length]}`,
    opts,
  );
  const raw2 = await measure(base, 'GET /api/health (again)', '/api/health', { ...opts, warmup: 0 });
  const health = (raw.rps + raw2.rps) / 2;
  console.log(
    `  ÷ health req/s                 artists ${(artists.rps / health).toFixed(2)}, by rating ${(byRating.rps / health).toFixed(2)}, gallery ${(first.rps / health).toFixed(2)}, deep ${(deeper.rps / health).toFixed(2)}; misses: artists ${(artistsMiss.rps / health).toFixed(2)}, by rating ${(ratedMiss.rps / health).toFixed(2)}, deep ${(deepMiss.rps / health).toFixed(2)}`,
  );
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (at the start ${load0})`,
  );
  const worst = Math.max(artists.p99, byRating.p99, first.p99, deeper.p99);
  const ratio = deeper.p99 / Math.max(first.p99, 1);
  // A route that answered nothing inside the run has no p99 (autocannon says 0): that is a failure.
  const answered = [artists, byRating, first, deeper].every((m) => m.rps > 0);
  const ok = answered && worst <= P99_MAX_MS && ratio <= DEEP_RATIO_MAX;
  console.log(
    `  worst p99 ${worst} ms (target ≤ ${P99_MAX_MS}); deep ÷ page 1 p99 ${ratio.toFixed(2)} (≤ ${DEEP_RATIO_MAX})  ${ok ? 'PASS' : 'FAIL'}`,
  );
  const failures = [raw, artists, byRating, first, deeper, artistsMiss, ratedMiss, deepMiss, raw2].reduce(
    (a, m) => a + m.failures,
    0,
  );
  if (failures > 0 || !ok) process.exitCode = 1;
} finally {
  await bench.finish();
}
