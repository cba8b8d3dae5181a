import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of an archive: its path inside, its bytes, and whether deflating is worth it. */
export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
  /** Pictures are already compressed: they are stored as they are. */
  deflate: boolean;
}

/**
 * A zip of `entries`, in memory (decision 0024: fflate, streaming, no dependencies). The entries
 * come one at a time, so only the finished archive and one file are held at once.
 */
export async function buildZip(entries: AsyncIterable<ArchiveEntry>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) return fail(err);
    chunks.push(chunk);
    if (final) finish();
  });
  for await (const e of entries) {
    const file = e.deflate ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name);
    zip.add(file);
    file.push(e.bytes, true);
  }
  zip.end();
  await finished;
  return Buffer.concat(chunks);
}

/** JSON for people: indented, dates as ISO strings (JSON.stringify does that), big ints as numbers. */
export const jsonEntry = (name: string, value: unknown): ArchiveEntry => ({
  name,
  bytes: strToU8(`${JSON.stringify(value, null, 2)}\n`),
  deflate: true,
});

export const textEntry = (name: string, text: string): ArchiveEntry => ({
  name,
  bytes: strToU8(text),
  deflate: true,
});

/** The file name extension of a stored picture's mime type. */
export function extensionOf(mime: string): string {
  if (mime === 'image/jpeg') return 'jpg';
  if (mime === 'image/png') return 'png';
  if (mime === 'image/gif') return 'gif';
  return 'webp';
}
