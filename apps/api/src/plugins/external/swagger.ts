import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the contract's zod schemas; the UI (and its JSON) only in demo mode. */
export default fp<{ demoMode: boolean }>(
  async (app, opts) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Fieldhouse API',
          description: 'Customer API of the Fieldhouse web front end',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    });
    if (opts.demoMode) {
      await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    }
  },
  { name: 'external-swagger' },
);
