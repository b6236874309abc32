/**
 * `npm run mail -- failed | requeue <id…> | requeue --all-failed` (see mail-command.ts). Connects like the server:
 * DATABASE_URL, else the PGlite folder DATA_DIR (stop the server first: PGlite allows one process per folder).
 * A running server's dispatcher queues re-queued mail within seconds; with PGlite, on its next start.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMailCommand } from './mail-command.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
let code = 1;
try {
  await database.migrate();
  code = await runMailCommand(database.db, process.argv.slice(2), (line) => console.log(line));
} finally {
  await database.close();
}
process.exit(code);
