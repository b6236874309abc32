import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses replies made at request time (API JSON, the sites' HTML with its config) with brotli or gzip, as
 * the browser accepts, above 1 KB. Brotli runs at quality 5 here: close to its best ratio on JSON at a fraction
 * of quality 11's CPU. Built assets are compressed once at build time and sent as they are (routes/web), which
 * this plugin sees by their Content-Encoding and leaves alone. Compressed request bodies are not accepted.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'external-compress' },
);
