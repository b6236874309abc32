import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

const apiPort = process.env.FH_API_PORT ?? process.env.API_PORT ?? '3000';
const apiTarget = process.env.FH_API_URL ?? `http://localhost:${apiPort}`;

/**
 * Dev/preview only: deep links of the account, join and staff console (admin) sites get their own HTML entry (the
 * API server does the same in production and also writes the fh-config meta tag).
 */
function multiSiteFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const accept = req.headers.accept ?? '';
    const isPage = req.method === 'GET' && accept.includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
    if (isPage) {
      const site = ['account', 'join', 'admin'].find((s) => path === `/${s}` || path.startsWith(`/${s}/`));
      if (site) req.url = `/${site}/index.html`;
    }
    next();
  };
  return {
    name: 'fieldhouse-multi-site-fallback',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Build only: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text asset of
 * 1 KB or more, once, at build time; the API server sends the smallest one the browser accepts (see
 * apps/api/src/routes/web). Compressing at build time costs no CPU per request and gets brotli's best ratio.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (
          await readdir(dir, { withFileTypes: true })
        ).map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
      )
    ).flat();
  return {
    name: 'fieldhouse-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

const ZOD_JSON_SCHEMA_MODULE =
  /[\\/]zod[\\/]v4[\\/](core[\\/](to-json-schema|json-schema-processors|json-schema-generator)|classic[\\/]from-json-schema)\.js$/;

/**
 * Build only: zod's JSON Schema conversion (to and from; the server's OpenAPI document uses it) can never run in
 * the browser, but zod attaches it to every schema, so it would ship with every form. Its modules are replaced by
 * stubs with the same exports, read from the installed zod, that throw if ever called.
 */
function withoutZodJsonSchema(): Plugin {
  return {
    name: 'fieldhouse-without-zod-json-schema',
    apply: 'build',
    enforce: 'pre',
    load: async (id) => {
      if (!ZOD_JSON_SCHEMA_MODULE.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const lines = [
        "const unavailable = () => { throw new Error('JSON Schema conversion is not part of the web app'); };",
      ];
      for (const [, kind, name] of source.matchAll(/^export (const|function|class) (\w+)/gm)) {
        if (kind === 'class') lines.push(`export class ${name} { constructor() { unavailable(); } }`);
        else lines.push(`export function ${name}() { return unavailable; }`);
      }
      for (const [, list] of source.matchAll(/^export \{([^}]*)\};/gm))
        for (const part of (list ?? '').split(',')) {
          const [local, exported] = part.trim().split(/\s+as\s+/);
          if (local) lines.push(`export { ${local} as ${exported ?? local} };`);
        }
      return lines.join('\n');
    },
  };
}

/** Chunks and assets that keep their names (decision 079): loaded on demand, and watched by name in the browser tests. */
const NAMED_ON_DEMAND = /^(paged-venues|venue-map|maplibre-gl-worker)\b/;

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), multiSiteFallback(), precompress(), withoutZodJsonSchema()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the sites support preloads modules itself; without the polyfill, one request less.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Chunks and assets by their hash alone (decision 079): every file names the chunks it imports, and a
        // site's route table lists every page's chunks for preloading, so a name like
        // 'assets/memberships-page-jKJLQANm.js' is paid for on every first load; 0.4-0.8 KB a page. The few loaded
        // only on demand whose loading the browser tests watch by name (the paging code, the map and its worker)
        // keep their names.
        chunkFileNames: (chunk) =>
          NAMED_ON_DEMAND.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        assetFileNames: (asset) =>
          NAMED_ON_DEMAND.test(asset.names?.[0] ?? '')
            ? 'assets/[name]-[hash][extname]'
            : 'assets/[hash][extname]',
        // What every site needs on its first load goes in one file (fewer requests, better compression than a
        // dozen small ones): React, the router (wouter, regexparam) and TanStack Query.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Not useQueries and its observer: only the pages that wait for several sections at once use them
              // (ui/when-settled), so they load with those pages instead of weighing on every first load.
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|@tanstack[\\/][^\\/]+)[\\/](?!.*[\\/](useQueries|queriesObserver)\.[cm]?js$)/,
              priority: 20,
            },
            // The shell every page starts with (lib, the shared server calls in api, shell, ui, the features it uses,
            // the contract's constants) in one file per build instead of some twenty files of about 1 KB: each request
            // costs its headers on a phone, and small files compress badly. Only modules the entries import
            // statically ($initial).
            {
              name: 'app',
              tags: ['$initial'],
              test: /[\\/]src[\\/](api|lib|shell|ui|features)[\\/]|[\\/]packages[\\/]contract[\\/]/,
              priority: 10,
            },
            // The join journey's first page needs a handful of small modules (texts, route declarations, the price
            // label) that would otherwise come as six files of under 1 KB each, each a request with its headers: one
            // file. The account site's membership journeys use most of them too.
            {
              name: 'join-start',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](texts[\\/](membership-purchase|joining)|routes[\\/](joining|membership-purchase))\.ts$|[\\/]src[\\/]features[\\/](centre-selection[\\/](texts|rules[\\/]map-constants)|joining[\\/](texts|rules[\\/]price-label))\.ts$/,
              priority: 5,
            },
            // The bookings site's venue chooser ('/' with no venue chosen, and '/venues'): its two pages and the chooser
            // in one file rather than three of under 1 KB. The venue grid stays a file of its own: the joining site
            // loads it too (without the map), and it would otherwise join this file with it.
            {
              name: 'venue-grid',
              test: /[\\/]src[\\/]features[\\/]venues[\\/]components[\\/]venue-grid\.tsx$/,
              priority: 6,
            },
            {
              name: 'venue-chooser',
              test: /[\\/]src[\\/]sites[\\/]bookings[\\/]pages[\\/](redirect-to-selected-venue[\\/]select-venue-page|venues[\\/](venue-chooser|venues-page))\.tsx$/,
              priority: 5,
            },
            // Dates and money are formatted on most first pages (timetable, account, join): in the shell's file too,
            // rather than two files of about 1 KB each that compress badly and cost a request each.
            {
              name: 'app',
              test: /[\\/]src[\\/]lib[\\/](format|dates)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
      input: {
        bookings: resolve(import.meta.dirname, 'index.html'),
        account: resolve(import.meta.dirname, 'account/index.html'),
        join: resolve(import.meta.dirname, 'join/index.html'),
        // The staff console (decision 034): its entry imports nothing statically but its own start-up module, so none
        // of its code joins the 'app' file the member sites load first.
        admin: resolve(import.meta.dirname, 'admin/index.html'),
      },
    },
  },
});
