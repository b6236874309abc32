/**
 * `npm run openapi -w apps/api -- [file]`: writes the API's OpenAPI document (JSON) to the file, or to stdout. It
 * builds the app as the server does (demo mode, so the demo-only routes are in it too) and asks @fastify/swagger
 * for the document: no server, no port. Building the app only registers plugins and routes, nothing queries the
 * database until a request comes, so it gets none (a query would throw, `db` has no methods): this takes about
 * 1 s instead of the 5-15 s an in-memory PGlite takes to start. `npm run lint:openapi` lints the document.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

const file = process.argv[2];
const config = loadConfig({ DATA_DIR: 'memory://', DEMO_MODE: 'true', LOG_LEVEL: 'warn' });
const noDatabase: Database = {
  db: {} as Database['db'],
  kind: 'pglite',
  label: 'no database (OpenAPI writer)',
  migrate: async () => {},
  ping: async () => {},
  close: async () => {},
  setLogger: () => {},
  poolStats: () => ({ max: 1, inUse: 0, idle: 1, waiting: 0 }),
};
const app = await buildApp({ config, mailSender: null, database: noDatabase });
try {
  const json = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  if (file) {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, json);
  } else {
    process.stdout.write(json);
  }
} finally {
  await app.close();
}
