import { backupCommand } from './backup-command.ts';

// `npm run backup -- [--out file]`: docs/decisions/0028-backups.md.
process.exitCode = await backupCommand(process.argv.slice(2), process.env, console);
