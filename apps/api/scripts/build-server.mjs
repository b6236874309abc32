#!/usr/bin/env node
// `npm run build -w apps/api` (part of `npm run build`): bundles the server (src/main.ts and everything it loads,
// the contract and most dependencies) into apps/api/dist with Rolldown, the bundler Vite already uses
// (docs/decisions/044). `npm run serve` and `npm start` run the bundle: Node then loads a few dozen files instead
// of some 1,400 modules, each with its package scope to look up, which halves the cold start and the idle memory.
// Lazily imported parts (the demo seed, Stripe, GoCardless, mail, S3, receipts, photos) stay separate chunks that
// load only when used. Tests and `npm run dev` run the sources.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(apiRoot, 'dist');

/**
 * Loaded from node_modules at run time, not bundled: packages that read their own files relative to their place
 * (WASM, native binaries, fonts, static pages, worker scripts, their package.json), and the optional database
 * driver. The check below fails the build when a bundled package reads a file relative to its own place, so a new
 * one is noticed here and not by a member.
 */
const EXTERNAL = [
  '@electric-sql/pglite', // its WASM and data files
  'sharp', // native image library
  'pdfkit', // its font metrics files (with fontkit)
  '@fastify/swagger', // reads its package.json
  '@fastify/swagger-ui', // serves its static files
  'pino', // transports run worker files
  'thread-stream',
  'ioredis', // reads its package.json
  'pg-native', // optional native driver pg tries
];
const isExternal = (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

const started = Date.now();
await rm(outDir, { recursive: true, force: true });
await build({
  input: path.join(apiRoot, 'src/main.ts'),
  platform: 'node',
  external: isExternal,
  logLevel: 'warn',
  output: {
    dir: outDir,
    format: 'esm',
    // Flat: every chunk sits one folder below apps/api, as src/paths.ts does in the sources.
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
    // Non-ASCII characters (a '£', a '–' in a text) escaped: V8 keeps a script's source as long as its functions
    // may still compile, one byte a character only when every character is Latin-1, else two.
    charset: 'ascii',
    // Licence notices kept; JSDoc left out (it is in the sources, and carries '–', '→' and '…').
    comments: { legal: true, annotation: false, jsdoc: false },
  },
});

// One pass over the chunks:
// - the last non-ASCII characters, in licence comments (authors' names), are escaped too, so every chunk is ASCII
//   and V8 holds its source at one byte a character (3.7 MB for the app, not 7.4);
// - code that finds files from its own place would look in apps/api/dist and fail only when it runs.
const problems = [];
for (const file of (await readdir(outDir)).filter((f) => f.endsWith('.js'))) {
  let code = await readFile(path.join(outDir, file), 'utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  if (/[^\x00-\x7f]/.test(code)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
    code = code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    await writeFile(path.join(outDir, file), code);
  }
  let region = '(the app)';
  for (const line of code.split('\n')) {
    if (line.startsWith('//#region ') || line.startsWith('// node_modules/'))
      region = line.replace(/^\/\/(#region)? /, '');
    if (/\b__dirname\b|\b__filename\b/.test(line))
      problems.push(`${file}: ${region}: ${line.trim().slice(0, 120)}`);
  }
}
if (problems.length) {
  console.error(
    'The server bundle has code that reads files relative to its own place; add its package to EXTERNAL in ' +
      `apps/api/scripts/build-server.mjs:\n${problems.join('\n')}`,
  );
  process.exit(1);
}
// A new PGlite data folder starts as a copy of this migrated one instead of running initdb (decision 050), an
// in-memory one from its archive (decision 053).
const { openDatabase } = await import('../src/db/client.ts');
const { installJobSchema } = await import('../src/services/jobs/job-engine.ts');
const { writeInitialFolder } = await import('../src/db/initial-folder.ts');
await writeInitialFolder(async (folder) => {
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    await database.migrate();
    await installJobSchema(database);
    const { rows } = await database.pglite.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    return { migrations: rows[0].n, archive: await database.pglite.dumpDataDir('none') };
  } finally {
    await database.close();
  }
});

const files = await readdir(outDir);
console.log(
  `Built the server into apps/api/dist (${files.filter((f) => f.endsWith('.js')).length} files and the initial PGlite data folder) in ${Date.now() - started} ms`,
);
