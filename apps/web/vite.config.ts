import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

const apiPort = process.env.FH_API_PORT ?? process.env.API_PORT ?? '3000';
const apiTarget = process.env.FH_API_URL ?? `http://localhost:${apiPort}`;

/**
 * Dev/preview only: deep links of the account and join sites get their own HTML entry (the API server
 * does the same in production and also writes the fh-config meta tag).
 */
function multiSiteFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const accept = req.headers.accept ?? '';
    const isPage = req.method === 'GET' && accept.includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
    if (isPage) {
      const site = ['account', 'join'].find((s) => path === `/${s}` || path.startsWith(`/${s}/`));
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

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), multiSiteFallback()],
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
    rollupOptions: {
      input: {
        bookings: resolve(import.meta.dirname, 'index.html'),
        account: resolve(import.meta.dirname, 'account/index.html'),
        join: resolve(import.meta.dirname, 'join/index.html'),
      },
    },
  },
});
