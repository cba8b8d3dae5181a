import { restoreCommand } from './restore-command.ts';

// `npm run restore -- <file> [--copy-media <folder>]`: docs/decisions/0028-backups.md.
process.exitCode = await restoreCommand(process.argv.slice(2), process.env, console);
