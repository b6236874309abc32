/**
 * `npm run catalogue -- validate <file>` · `import <file> [--dry-run]` · `export <file>` · `schema [<file>]`
 * (docs/operators.md). Connects like the server: DATABASE_URL, else the PGlite folder DATA_DIR (stop the server
 * first: PGlite allows one process per folder). Exit code 0 when it worked, 1 when the file has problems.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  catalogueReferenceMarkdown,
  catalogueSchemaText,
  describePlan,
  describeSessions,
  exportCatalogue,
  formatProblem,
  importCatalogue,
  validateCatalogue,
} from '../services/catalogue/index.ts';

const USAGE = [
  'Usage: npm run catalogue -- <command>',
  '  validate <file>            check a catalogue file; every problem with its line and column',
  '  import <file> [--dry-run]  apply it in one transaction (the dry run prints the plan and keeps nothing)',
  '  export <file>              write the catalogue the database holds',
  '  schema [<file>]            write the JSON Schema editors use (default catalogue/catalogue.schema.json)',
  '                             and the field reference docs/catalogue-reference.md',
].join('\n');

/** Paths are relative to where `npm run` was started (npm runs scripts from the repository's root). */
const cwd = process.env.INIT_CWD ?? process.cwd();
const resolve = (file: string) => path.resolve(cwd, file);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const schemaFile = path.join(repoRoot, 'catalogue/catalogue.schema.json');
const referenceFile = path.join(repoRoot, 'docs/catalogue-reference.md');
const say = (line: string) => console.log(line);

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if (command === 'schema') {
    await writeFile(file ? resolve(file) : schemaFile, catalogueSchemaText());
    say(`Wrote ${path.relative(cwd, file ? resolve(file) : schemaFile)}.`);
    if (!file) {
      await writeFile(referenceFile, catalogueReferenceMarkdown());
      say(`Wrote ${path.relative(cwd, referenceFile)}.`);
    }
    return 0;
  }
  if (!file || !['validate', 'import', 'export'].includes(command ?? '')) {
    say(USAGE);
    return 2;
  }
  const shown = path.relative(cwd, resolve(file)) || file;
  if (command === 'validate') {
    const result = validateCatalogue(shown, await readFile(resolve(file), 'utf8'));
    for (const p of result.problems) say(formatProblem(p));
    say(result.ok ? `${shown} is a valid catalogue.` : `${result.problems.length} problem(s) in ${shown}.`);
    return result.ok ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    if (command === 'export') {
      const schemaPath = path
        .relative(path.dirname(resolve(file)), schemaFile)
        .split(path.sep)
        .join('/');
      const text = await exportCatalogue(database.db, { schemaPath });
      if (!text) {
        say('The database holds no catalogue yet (no client).');
        return 1;
      }
      await writeFile(resolve(file), text);
      say(`Wrote ${shown}.`);
      return 0;
    }
    const dryRun = rest.includes('--dry-run');
    const result = await importCatalogue(database.db, {
      file: shown,
      text: await readFile(resolve(file), 'utf8'),
      dryRun,
    });
    if (!result.ok) {
      for (const p of result.problems) say(formatProblem(p));
      say(`${result.problems.length} problem(s) in ${shown}; nothing was changed.`);
      return 1;
    }
    say(
      dryRun ? `Dry run of ${shown}: nothing was changed. The import would do this:` : `Imported ${shown}:`,
    );
    for (const line of describePlan(result.plan, !dryRun)) say(line);
    for (const line of describeSessions(result.sessions, !dryRun)) say(line);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
