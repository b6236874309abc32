/**
 * `npm run backup -- --out <folder>` (see backup-command.ts and docs/backups.md). Reads the configuration as the
 * server does: DATABASE_URL (pg_dump on PATH), else the PGlite folder DATA_DIR (stop the server first: PGlite allows
 * one process per folder); the file store from STORAGE_DIR or S3_*.
 */
import { loadConfig } from '../config.ts';
import { runBackupCommand } from './backup-command.ts';

process.exitCode = await runBackupCommand(process.argv.slice(2), loadConfig(), (line) => console.log(line));
