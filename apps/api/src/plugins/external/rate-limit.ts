import fastifyRateLimit from '@fastify/rate-limit';
import { TOO_MANY_ATTEMPTS } from '@fieldhouse/contract';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-errors.ts';

/** Registered with global: false; routes opt in with `config: { rateLimit: { max, timeWindow } }`. */
export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
    });
  },
  { name: 'external-rate-limit' },
);
