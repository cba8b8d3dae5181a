import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SIGNING_SECRET_FILE = 'signing-secret';

/**
 * The key of links the server signs (unsubscribe links in e-mails): SIGNING_SECRET when set,
 * otherwise 256 random bits generated on the first start and kept in DATA_DIR, so links in mail
 * already sent keep working after a restart. Instances that share DATA_DIR (they must, for media)
 * share the file; two starting at once both end up reading the one that was written first.
 */
export async function loadSigningSecret(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(dataDir, SIGNING_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const written = await readSecret(file);
  if (!written) throw new Error(`${file} is empty: delete it or set SIGNING_SECRET`);
  return written;
}

async function readSecret(file: string): Promise<Buffer | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text ? Buffer.from(text, 'utf8') : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
