import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@fieldhouse/contract';
import fp from 'fastify-plugin';

/** multipart/form-data for uploads: one file of at most MAX_UPLOAD_BYTES (+1 so the service can say it is too big). */
export default fp(
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 20, fieldSize: 10_000 },
    });
  },
  { name: 'external-multipart' },
);
