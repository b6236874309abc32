import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.FH_API_PORT ?? process.env.API_PORT ?? '3000';
const apiTarget = process.env.FH_API_URL ?? `http://localhost:${apiPort}`;

export default defineConfig({
  root: __dirname,
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        bookings: resolve(__dirname, 'index.html'),
        account: resolve(__dirname, 'account/index.html'),
        join: resolve(__dirname, 'join/index.html'),
      },
    },
  },
});
