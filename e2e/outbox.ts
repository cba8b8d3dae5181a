import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** Waits for a mail to `to` written to the server's file outbox since `after` (ms) and answers `pattern`'s match. */
export async function codeFromOutbox(to: string, pattern: RegExp, after = 0): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(dir).catch(() => [] as string[]);
        for (const f of files.sort().reverse().slice(0, 50)) {
          const file = join(dir, f);
          if ((await stat(file)).mtimeMs < after - 1000) continue;
          const text = await readFile(file, 'utf8');
          const match = pattern.exec(text);
          if (text.includes(`To: ${to}`) && match) return (found = match[1]!);
        }
        return '';
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return found;
}
