/**
 * `npm run staff -- add | list | disable | totp` (see staff-command.ts). Connects like the server:
 * DATABASE_URL, else the PGlite folder DATA_DIR (stop the server first: PGlite allows one process per folder).
 * Every change is in the audit log, under "npm run staff".
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runStaffCommand } from './staff-command.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
let code = 1;
try {
  await database.migrate();
  code = await runStaffCommand(database.db, process.argv.slice(2), (line) => console.log(line));
} finally {
  await database.close();
}
process.exit(code);
