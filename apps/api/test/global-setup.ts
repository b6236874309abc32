// @ts-expect-error: a plain .mjs script without types
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { dropStaleTestDatabases, ensurePgliteTemplate, ensurePgTemplate } from './db-template.ts';

/**
 * Migrates the template database once per run; each test file then copies it. The process tests start the built
 * server (`npm start`, decision 044), so its bundle is built first when missing or older than its sources (in
 * `npm test` the build stage has done it already).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  buildIfStale('server');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await dropStaleTestDatabases(adminUrl);
    await ensurePgTemplate(adminUrl);
    // The workers' spare databases (db-template.ts), once the workers are gone.
    return () => dropStaleTestDatabases(adminUrl);
  } else {
    await ensurePgliteTemplate();
  }
}
