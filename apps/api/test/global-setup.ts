import { dropStaleTestDatabases, ensurePgliteTemplate, ensurePgTemplate } from './db-template.ts';

/** Migrates the template database once per run; each test file then copies it. */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await dropStaleTestDatabases(adminUrl);
    await ensurePgTemplate(adminUrl);
  } else {
    await ensurePgliteTemplate();
  }
}
