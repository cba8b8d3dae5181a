import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Waits for a mail to `to` written to the server's file outbox since `after` (ms) and answers
 * `pattern`'s match. `dataDir`: the DATA_DIR of the server that sent it (the run's own by default;
 * a journey's own server has its own).
 */
export async function codeFromOutbox(
  to: string,
  pattern: RegExp,
  after = 0,
  dataDir = process.env.E2E_DATA_DIR!,
): Promise<string> {
  const dir = join(dataDir, 'mail');
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
