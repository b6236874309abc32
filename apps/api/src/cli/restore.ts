/**
 * `npm run restore -- --from <folder> [--force]` (see restore-command.ts and docs/backups.md). Restores into the
 * configured database (DATABASE_URL, pg_restore on PATH; or the PGlite folder DATA_DIR) and file store (STORAGE_DIR or
 * S3_*), as the server would use them.
 */
import { loadConfig } from '../config.ts';
import { runRestoreCommand } from './restore-command.ts';

process.exitCode = await runRestoreCommand(process.argv.slice(2), loadConfig(), (line) => console.log(line));
