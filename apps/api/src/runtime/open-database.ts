import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { rootMessage } from '../db/connection-errors.ts';
import { FolderLockedError } from '../db/folder-lock.ts';
import { StartupError } from './startup-error.ts';
import type { StartupLogger } from './startup-log.ts';
import { waitForDatabase } from './wait-for-database.ts';

/** Opens the configured database, waits until it answers and migrates it; start-up failures become one line. */
export async function openReadyDatabase(config: Config, log: StartupLogger): Promise<Database> {
  let database: Database;
  try {
    database = await openDatabase(config.database, { logger: log, poolSize: config.databasePoolSize });
  } catch (err) {
    if (err instanceof FolderLockedError) throw new StartupError(err.message);
    throw err;
  }
  try {
    await waitForDatabase(database, { timeoutMs: config.databaseStartupTimeoutSeconds * 1000, log });
    try {
      await database.migrate();
    } catch (err) {
      throw new StartupError(`Migrating ${database.label} failed: ${rootMessage(err)}`);
    }
    return database;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
