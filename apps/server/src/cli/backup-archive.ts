import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { create, extract } from 'tar';
import { z } from 'zod';
import { isMediaKey } from '../platform/media-storage.ts';

/**
 * The backup archive (docs/decisions/0028-backups.md): one uncompressed tar whose first entry is
 * manifest.json, then the database, the secrets and the media, each part with its size and sha256.
 */
export const MANIFEST = 'manifest.json';
export const PGLITE_PART = 'database/pglite-datadir.tar.gz';
export const PGDUMP_PART = 'database/brushline.pgdump';
export const SECRET_PART = 'secrets/signing-secret';
export const mediaPart = (key: string) => `media/${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A path inside the archive: relative, no `..`, no backslashes. */
const partPath = z
  .string()
  .regex(/^[a-z0-9][a-z0-9/_.-]*$/)
  .refine((p) => !p.split('/').includes('..'), { error: 'must stay inside the archive' });
const part = z.object({ path: partPath, size: z.number().int().min(0), sha256 });
export type Part = z.infer<typeof part>;

export const manifestSchema = z.object({
  format: z.literal('brushline-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    part,
    /** Rows per table (`schema.table`), counted in the dump's own snapshot. */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  /** The signing secret, when the instance generated one (SIGNING_SECRET unset). */
  secrets: z.array(part),
  media: z.discriminatedUnion('storage', [
    z.object({
      storage: z.literal('local'),
      files: z.array(part),
      /** Keys the database names that were not on the disk when the backup ran. */
      missing: z.array(z.string()),
    }),
    z.object({
      storage: z.literal('s3'),
      bucket: z.string(),
      objects: z.array(z.object({ key: z.string(), size: z.number().int().min(0), etag: z.string() })),
      missing: z.array(z.string()),
    }),
  ]),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal before anything was changed: exit code 2 and one message. */
export class BackupRefusal extends Error {}

export const totalRows = (tables: Record<string, number>) =>
  Object.values(tables).reduce((sum, n) => sum + n, 0);

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The part entry of a file written under `dir`. */
export async function describePart(dir: string, path: string): Promise<Part> {
  const file = join(dir, path);
  return { path, size: (await stat(file)).size, sha256: await sha256Of(file) };
}

/**
 * Writes `dir` (manifest.json first) as the tar `out`: through `out.partial` and a rename, so a
 * backup stopped half way never leaves a file that looks whole.
 */
export async function writeArchive(dir: string, manifest: Manifest, out: string): Promise<void> {
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [MANIFEST, ...(await readdir(dir)).filter((n) => n !== MANIFEST).sort()];
  const partial = `${out}.partial`;
  try {
    await create({ file: partial, cwd: dir, portable: true }, entries);
    await rename(partial, out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * Unpacks `file` into `dir` and checks it whole before anything else is touched: a manifest of
 * this format, every part present with its size and sha256, and nothing the manifest does not list.
 */
export async function readArchive(file: string, dir: string): Promise<Manifest> {
  try {
    await stat(file);
  } catch {
    throw new BackupRefusal(`${file}: no such file`);
  }
  try {
    await extract({
      file,
      cwd: dir,
      strict: true,
      // Plain files and folders only: a link could point outside the folder.
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw new BackupRefusal(`${file} is not a readable tar archive (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')));
  } catch {
    throw new BackupRefusal(`${file} is not a Brushline backup of this version (no valid ${MANIFEST})`);
  }
  const parts = [
    manifest.database.part,
    ...manifest.secrets,
    ...(manifest.media.storage === 'local' ? manifest.media.files : []),
  ];
  const bad: string[] = [];
  for (const p of parts) {
    const found = await describePart(dir, p.path).catch(() => null);
    if (!found) bad.push(`${p.path}: missing`);
    else if (found.size !== p.size || found.sha256 !== p.sha256) bad.push(`${p.path}: checksum differs`);
  }
  for (const p of manifest.media.storage === 'local' ? manifest.media.files : [])
    if (!p.path.startsWith('media/') || !isMediaKey(p.path.slice(6))) bad.push(`${p.path}: not a media key`);
  const listed = new Set([MANIFEST, ...parts.map((p) => p.path)]);
  for (const path of await filesUnder(dir)) if (!listed.has(path)) bad.push(`${path}: not in the manifest`);
  if (bad.length)
    throw new BackupRefusal(
      `${file} is damaged; nothing was changed:\n  ${bad.slice(0, 20).join('\n  ')}${bad.length > 20 ? `\n  … and ${bad.length - 20} more` : ''}`,
    );
  return manifest;
}
